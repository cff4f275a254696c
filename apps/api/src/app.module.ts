import { type DynamicModule, Module, type Type } from '@nestjs/common';
import type { ApiConfig } from './platform/config/api-config';
import { ConfigModule } from './platform/config/config.module';
import { ArtifactsModule } from './artifacts/artifacts.module';
import { ConsoleModule } from './console/console.module';
import { CoursesModule } from './courses/courses.module';
import { GraphicsModule } from './graphics/graphics.module';
import { MapsModule } from './maps/maps.module';
import { PlatformModule } from './platform/platform.module';
import { PrintablesModule } from './printables/printables.module';
import { ScorecardsModule } from './scorecards/scorecards.module';

/** Feature modules served by the API. */
export const FEATURE_MODULES: Type[] = [ArtifactsModule, CoursesModule, GraphicsModule, MapsModule, PrintablesModule, ScorecardsModule, ConsoleModule];

@Module({})
export class AppModule {
  /** `extra` lets tests add modules (e.g. a probe controller) to the real app. */
  static forRoot(config: ApiConfig, extra: Type[] = []): DynamicModule {
    return { module: AppModule, imports: [ConfigModule.forRoot(config), PlatformModule, ...FEATURE_MODULES, ...extra] };
  }
}
