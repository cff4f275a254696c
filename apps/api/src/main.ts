import 'reflect-metadata';
import { ConfigError } from '@caddie/config';
import { createApiApp } from './create-api-app';
import { ApiConfig } from './platform/config/api-config';

async function main(): Promise<void> {
  let config: ApiConfig;
  try {
    config = ApiConfig.fromEnvironment();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const app = await createApiApp(config);
  await app.listen({ port: config.env.PORT, host: config.env.HOST });
}

void main();
