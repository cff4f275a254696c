import { type DynamicModule, Global, Module } from '@nestjs/common';
import { ApiConfig } from './api-config';

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: ApiConfig): DynamicModule {
    return { module: ConfigModule, providers: [{ provide: ApiConfig, useValue: config }], exports: [ApiConfig] };
  }
}
