import { apiEnvSchema, loadEnv, resolveSigningSecret, type ApiEnv } from '@caddie/config';

/** The API's configuration, parsed once at boot and injected everywhere else. */
export class ApiConfig {
  readonly publicBaseUrl: string;

  constructor(
    readonly env: ApiEnv,
    readonly signingSecret: string,
  ) {
    const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
    this.publicBaseUrl = (env.PUBLIC_BASE_URL ?? `http://${host}:${env.PORT}`).replace(/\/$/, '');
  }

  static fromEnvironment(environment: NodeJS.ProcessEnv = process.env): ApiConfig {
    const env = loadEnv(apiEnvSchema, environment);
    return new ApiConfig(env, resolveSigningSecret(env.SIGNING_SECRET, env.DATA_DIR));
  }

  get operatorToken(): string {
    return this.env.OPERATOR_TOKEN;
  }
}
