import { Module } from '@nestjs/common';
import { CoursesModule } from '../courses/courses.module';
import { GraphicsModule } from '../graphics/graphics.module';
import { MapsModule } from '../maps/maps.module';
import { PrintablesModule } from '../printables/printables.module';
import { ScorecardsModule } from '../scorecards/scorecards.module';
import { ConsoleRoutes } from './console-routes';

/** The Caddie Console: its sign-in, session and `/console/api` routes, and the built pages at `/console/`. */
@Module({ imports: [CoursesModule, GraphicsModule, MapsModule, PrintablesModule, ScorecardsModule], providers: [ConsoleRoutes] })
export class ConsoleModule {}
