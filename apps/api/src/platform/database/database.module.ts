import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions, ensureSchema } from '@caddie/persistence';
import { ApiConfig } from '../config/api-config';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [ApiConfig],
      useFactory: async (config: ApiConfig) => {
        const settings = { databaseUrl: config.env.DATABASE_URL, dataDir: config.env.DATA_DIR, schema: config.env.DATABASE_SCHEMA };
        await ensureSchema(settings);
        return { ...dataSourceOptions(settings), migrationsRun: config.env.DB_MIGRATE_ON_BOOT, retryAttempts: 3, retryDelay: 1000 };
      },
    }),
  ],
})
export class DatabaseModule {}
