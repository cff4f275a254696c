import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiEnvSchema, loadEnv, resolveSigningSecret, workerEnvSchema } from '@caddie/config';
import { ConfigError } from './load-config';

describe('loadEnv', () => {
  it('fills the embedded defaults from an empty environment', () => {
    const env = loadEnv(apiEnvSchema, {});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './var',
      REDIS_URL: 'redis://127.0.0.1:6379',
      OPERATOR_TOKEN: 'caddie',
      DB_MIGRATE_ON_BOOT: true,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.SIGNING_SECRET).toBeUndefined();
  });

  it('reports every problem together', () => {
    let caught: unknown;
    try {
      loadEnv(apiEnvSchema, { PORT: 'abc', REDIS_URL: 'http://x', DATABASE_URL: 'mysql://x', SIGNING_SECRET: 'short' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const problems = (caught as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'REDIS_URL', 'DATABASE_URL', 'SIGNING_SECRET']) expect(problems).toContain(name);
    expect((caught as ConfigError).problems).toHaveLength(4);
  });

  it('treats empty strings as unset and parses booleans and numbers', () => {
    const env = loadEnv(workerEnvSchema, { WORKER_CONCURRENCY: '4', DB_MIGRATE_ON_BOOT: 'false', S3_BUCKET: '' });
    expect(env.WORKER_CONCURRENCY).toBe(4);
    expect(env.DB_MIGRATE_ON_BOOT).toBe(false);
    expect(env.S3_BUCKET).toBeUndefined();
  });
});

describe('resolveSigningSecret', () => {
  it('returns the configured secret untouched', () => {
    expect(resolveSigningSecret('x'.repeat(40), '/nonexistent')).toBe('x'.repeat(40));
  });

  it('generates a secret once, keeps it private, and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'caddie-secret-'));
    const first = resolveSigningSecret(undefined, dir);
    const second = resolveSigningSecret(undefined, dir);
    expect(first).toHaveLength(64);
    expect(second).toBe(first);
    expect(readFileSync(join(dir, 'signing-secret'), 'utf8')).toBe(first);
    expect(statSync(join(dir, 'signing-secret')).mode & 0o777).toBe(0o600);
  });

  it('takes a Redis prefix with one Redis Cluster hash tag, and refuses others', () => {
    for (const prefix of ['caddie', 'prod:eu-1', '{caddie}', 'eu:{caddie}:v2'])
      expect(loadEnv(workerEnvSchema, { REDIS_PREFIX: prefix }).REDIS_PREFIX).toBe(prefix);
    for (const prefix of ['{}', '{a}{b}', 'a{b', 'a}b', 'has space', '*', 'x'.repeat(65)]) {
      expect(() => loadEnv(workerEnvSchema, { REDIS_PREFIX: prefix })).toThrow(ConfigError);
    }
  });

  it('parses REDIS_CLUSTER_NODES into seed nodes and hash-tags a prefix that has no tag', () => {
    const env = loadEnv(workerEnvSchema, { REDIS_CLUSTER_NODES: 'redis-1:7000, 10.0.0.2:7001,[::1]:7002', REDIS_PREFIX: 'prod' });
    expect(env.REDIS_CLUSTER_NODES).toEqual([
      { host: 'redis-1', port: 7000 },
      { host: '10.0.0.2', port: 7001 },
      { host: '::1', port: 7002 },
    ]);
    expect(env.REDIS_PREFIX).toBe('{prod}');
    expect(loadEnv(workerEnvSchema, { REDIS_CLUSTER_NODES: 'redis-1:7000' }).REDIS_PREFIX).toBe('{caddie}');
    expect(loadEnv(workerEnvSchema, { REDIS_CLUSTER_NODES: 'redis-1:7000', REDIS_PREFIX: 'eu:{caddie}' }).REDIS_PREFIX).toBe('eu:{caddie}');
    const single = loadEnv(workerEnvSchema, { REDIS_PREFIX: 'prod' });
    expect(single.REDIS_PREFIX).toBe('prod');
    expect(single.REDIS_CLUSTER_NODES).toBeUndefined();
    for (const nodes of ['redis-1', 'redis-1:0', 'redis-1:70000', 'a:1,,b', 'redis://redis-1:7000', ' , '])
      expect(() => loadEnv(workerEnvSchema, { REDIS_CLUSTER_NODES: nodes })).toThrow(/REDIS_CLUSTER_NODES/);
  });
});
