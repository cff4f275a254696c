import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module';
import { GraphicsController } from './graphics.controller';
import { GraphicImageRoutes } from './graphic-image-routes';
import { GraphicsService } from './graphics.service';
import { GraphicSubjectsService } from './graphic-subjects.service';
import { OverlaysService } from './overlays.service';
import { OverlayResolutionPool } from './overlay-resolution-pool';
import { RenderQueueService } from './render-queue.service';
import { UsageMeter } from '../scorecards/usage-meter';

@Module({
  imports: [CoursesModule],
  controllers: [GraphicsController],
  providers: [GraphicsService, GraphicSubjectsService, OverlaysService, OverlayResolutionPool, RenderQueueService, GraphicImageRoutes, UsageMeter],
  exports: [GraphicsService, GraphicSubjectsService, OverlaysService],
})
export class GraphicsModule {}
