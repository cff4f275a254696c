import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module';
import { GraphicsController } from './graphics.controller';
import { GraphicsService } from './graphics.service';
import { GraphicSubjectsService } from './graphic-subjects.service';
import { OverlaysService } from './overlays.service';
import { RenderQueueService } from './render-queue.service';

@Module({ imports: [CoursesModule], controllers: [GraphicsController], providers: [GraphicsService, GraphicSubjectsService, OverlaysService, RenderQueueService] })
export class GraphicsModule {}
