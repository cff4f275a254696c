import 'reflect-metadata';
import { apiEnvSchema, loadEnvOrExit, resolveSigningSecret } from '@caddie/config';
import { createApiApp } from './create-api-app';
import { ApiConfig } from './platform/config/api-config';

async function main(): Promise<void> {
  const env = loadEnvOrExit(apiEnvSchema);
  const config = new ApiConfig(env, resolveSigningSecret(env.SIGNING_SECRET, env.DATA_DIR));
  const app = await createApiApp(config);
  await app.listen({ port: config.env.PORT, host: config.env.HOST });
}

void main();
