import { Module } from '@nestjs/common';
import { CoursesController } from './courses.controller';
import { CourseDirectory } from './course-directory';
import { CoursesService } from './courses.service';
import { DirectoryRoutes } from './directory-routes';

@Module({ controllers: [CoursesController], providers: [CoursesService, CourseDirectory, DirectoryRoutes], exports: [CoursesService, CourseDirectory] })
export class CoursesModule {}
