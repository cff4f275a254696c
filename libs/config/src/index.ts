export { type ApiEnv, apiEnvSchema, type CommonEnv, type WorkerEnv, workerEnvSchema } from './env-schema';
export { loadEnv, loadEnvOrExit } from './load-config';
export { resolveSigningSecret } from './signing-secret';
