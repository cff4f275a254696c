export * from './entities/organization.entity';
export * from './entities/api-key.entity';
export * from './data-source-options';
