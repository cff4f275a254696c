import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module';
import { PrintableFlowsService } from './printable-flows.service';
import { PrintablesController } from './printables.controller';
import { PrintablesService } from './printables.service';

/** The course-printables service: templates, compile, and printables rendered by the render farm. */
@Module({ imports: [CoursesModule], controllers: [PrintablesController], providers: [PrintablesService, PrintableFlowsService], exports: [PrintablesService] })
export class PrintablesModule {}
