import { Module } from '@nestjs/common';
import { CoursesController } from './courses.controller';
import { CourseDirectory } from './course-directory';
import { CoursesService } from './courses.service';

@Module({ controllers: [CoursesController], providers: [CoursesService, CourseDirectory], exports: [CoursesService, CourseDirectory] })
export class CoursesModule {}
