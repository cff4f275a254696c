import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Type } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import Redis from 'ioredis';
import { Client } from 'pg';
import { apiEnvSchema, loadEnv } from '@caddie/config';
import { createApiApp } from '../../apps/api/src/create-api-app';
import { ApiKeysService } from '../../apps/api/src/platform/auth/api-keys.service';
import { ApiConfig } from '../../apps/api/src/platform/config/api-config';

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ApiHarness {
  app: NestFastifyApplication;
  config: ApiConfig;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  createKey(input: {
    kind: string;
    scopes: string[];
    origins?: string[];
    datasets?: string[];
    rateLimitPerMinute?: number;
  }): Promise<{ key: string; id: string }>;
  revokeKey(id: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real API app against real Redis and a real database (a fresh SQLite file, or a fresh
 * PostgreSQL schema), isolated by a random Redis prefix. Requests go through Fastify's inject.
 */
export async function startApi(
  options: { database?: 'sqlite' | 'postgres'; env?: Record<string, string>; extraModules?: Type[]; requestBudgetMs?: number } = {},
): Promise<ApiHarness> {
  const id = randomBytes(6).toString('hex');
  const schema = `t_${id}`;
  const env: Record<string, string> = {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'caddie-api-')),
    REDIS_URL: TEST_REDIS_URL,
    // a Redis Cluster hash tag, as a clustered deployment sets it: every key of the API must live with it
    REDIS_PREFIX: `{test-${id}}`,
    API_KEY_CACHE_SECONDS: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_BASE_URL: 'http://api.test',
    ...(options.database === 'postgres' ? { DATABASE_URL: TEST_POSTGRES_URL, DATABASE_SCHEMA: schema } : {}),
    ...options.env,
  };
  const config = ApiConfig.fromEnvironment(env);
  loadEnv(apiEnvSchema, env);
  const app = await createApiApp(config, { extraModules: options.extraModules, logs: false, requestBudgetMs: options.requestBudgetMs });
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const keys = app.get(ApiKeysService);
  return {
    app,
    config,
    request: (opts) => app.inject(opts) as unknown as Promise<LightMyRequestResponse>,
    async createKey(input) {
      // tests act as the operator, who may grant every scope
      const { key, summary } = await keys.registry.create({ name: `test-${input.kind}`, grantedBy: 'operator', ...input });
      return { key, id: summary.id };
    },
    async revokeKey(keyId) {
      await keys.registry.revoke(keyId);
    },
    async close() {
      await app.close();
      const redis = new Redis(TEST_REDIS_URL);
      const stale = await redis.keys(`test-${id}:*`);
      if (stale.length) await redis.del(...stale);
      await redis.quit();
      if (options.database === 'postgres') {
        const client = new Client({ connectionString: TEST_POSTGRES_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
    },
  };
}

/** Asserts a problem document: content type, status, code and the required members. */
export function expectProblem(response: LightMyRequestResponse, status: number, code: string): Record<string, unknown> {
  const body = response.json() as Record<string, unknown>;
  expect({ status: response.statusCode, code: body.code }).toEqual({ status, code });
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(body).toMatchObject({
    status,
    code,
    type: expect.stringContaining(`/v1/problems/${code}`),
    title: expect.any(String),
    detail: expect.any(String),
    instance: expect.any(String),
    requestId: expect.any(String),
  });
  expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
  return body;
}
