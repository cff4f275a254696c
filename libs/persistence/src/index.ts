export * from './entities/organization.entity';
export * from './entities/api-key.entity';
export * from './data-source-options';
export * from './entities/course.entity';
export * from './entities/course-document.entity';
export * from './course-store';
export * from './entities/usage-unit.entity';
