/**
 * Environment fragments shared by the apps. Each app composes its own schema from these
 * (see api-config.ts, worker-config.ts) and parses `process.env` exactly once at boot.
 */
import { z } from 'zod';

const booleanFromEnv = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(1).max(max).default(fallback);

export const commonEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./var'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v) || /^sqlite:/.test(v), {
      message: 'must be a postgres:// URL or sqlite:<file>; leave unset for the embedded SQLite file',
    })
    .optional(),
  /** PostgreSQL schema to use (tests isolate themselves with one schema each). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .optional(),
  DB_MIGRATE_ON_BOOT: booleanFromEnv(true),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .default('redis://127.0.0.1:6379'),
  /**
   * A Redis Cluster's seed nodes, `host:port` separated by commas (a few masters suffice; the
   * client discovers the rest). Set, every Redis client of every process is an ioredis Cluster;
   * REDIS_URL then only lends its user name, password and TLS (rediss://) to each node.
   */
  REDIS_CLUSTER_NODES: z
    .string()
    .transform((value, ctx) => {
      const nodes = value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '')
        .map((entry) => /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(entry));
      if (nodes.length === 0 || nodes.some((match) => match === null || Number(match[2]) < 1 || Number(match[2]) > 65535)) {
        ctx.addIssue({ code: 'custom', message: 'must be host:port entries separated by commas (e.g. redis-1:7000,redis-2:7000)' });
        return z.NEVER;
      }
      return nodes.map((match) => ({ host: match![1].replace(/^\[|\]$/g, ''), port: Number(match![2]) }));
    })
    .optional(),
  /**
   * Prefix of every BullMQ and rate-limit key, so several deployments or test runs share one Redis.
   * It may hold one Redis Cluster hash tag (`{caddie}`): every key then falls in one hash slot, as
   * BullMQ's multi-key scripts need on a cluster.
   */
  REDIS_PREFIX: z
    .string()
    .max(64)
    .regex(
      /^(?:[A-Za-z0-9:_-]+|[A-Za-z0-9:_-]*\{[A-Za-z0-9:_-]+\}[A-Za-z0-9:_-]*)$/,
      'letters, digits, colon, underscore and hyphen, with at most one {hash tag}',
    )
    .default('caddie'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv(true),
  OPERATOR_TOKEN: z
    .string()
    .regex(/^[a-z][a-z0-9]{1,30}$/, 'lowercase letters and digits, starting with a letter')
    .default('caddie'),
  /** HMAC secret for receipts and signed URLs; unset: generated once and kept in DATA_DIR. */
  SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
});

export const apiEnvSchema = commonEnvSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Absolute base of links the API hands out (problem types, signed URLs, catalog links). */
  PUBLIC_BASE_URL: z.url().optional(),
  RATE_LIMIT_PER_MINUTE: positiveInt(600),
  RATE_LIMIT_ANONYMOUS_PER_MINUTE: positiveInt(120),
  /** How long a verified API key stays cached in one API process (revocation delay bound). */
  API_KEY_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  TRUST_PROXY: booleanFromEnv(false),
  BODY_LIMIT_BYTES: positiveInt(4_250_000),
  /** How long a graphics request waits for its render before answering RENDERING (202). */
  RENDER_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(20_000),
  /**
   * Whole budgets of one scorecard normalize and process request, from enqueue to answer (503/504
   * past them). The defaults fit an idle 2-core machine; slower or shared hardware may raise them.
   */
  SCORECARD_NORMALIZE_DEADLINE_MS: positiveInt(20_000, 120_000),
  SCORECARD_PROCESS_DEADLINE_MS: positiveInt(30_000, 120_000),
  /** The whole request (headers and body) must arrive within this, else 408 request-timeout. */
  REQUEST_RECEIVE_TIMEOUT_MS: positiveInt(60_000, 600_000),
  /** The request line and headers must arrive within this from the request's first byte. */
  HEADERS_TIMEOUT_MS: positiveInt(10_000, 600_000),
  /** Scorecard uploads (normalize, process) one API process serves at once; more answer 503 server-busy. */
  MAX_CONCURRENT_UPLOADS: positiveInt(16, 1_000),
  /** Cache-missing graphics renders one API process waits for at once; more answer 503 server-busy. */
  MAX_CONCURRENT_RENDERS: positiveInt(64, 10_000),
  /** Console calls (sign-in and /console/api) one client address may make per minute, across replicas. */
  CONSOLE_RATE_LIMIT_PER_MINUTE: positiveInt(300),
  /** Worker threads of one API process that resolve overlay components (off its event loop). */
  OVERLAY_THREADS: positiveInt(2, 32),
});

export const workerEnvSchema = commonEnvSchema.extend({
  WORKER_CONCURRENCY: positiveInt(2, 64),
  /**
   * Slots of a render worker for the render-batch queue (map archive blocks), beside its
   * WORKER_CONCURRENCY slots for the render queue: one keeps a build from crowding out the
   * renders someone waits for.
   */
  WORKER_BATCH_CONCURRENCY: positiveInt(1, 64),
  /** How long a worker's claim on a job lasts without renewal; a crashed worker's job is retaken after it. */
  WORKER_LOCK_DURATION_MS: positiveInt(30_000, 600_000),
  /** How often workers look for jobs whose worker died. */
  WORKER_STALLED_INTERVAL_MS: positiveInt(30_000, 600_000),
  /**
   * The same two for scorecard jobs, which run under a request deadline (20 s normalize, 30 s
   * process): lock plus interval stays well under it, so a surviving worker takes over a crashed
   * worker's job while the client still waits.
   */
  SCORECARD_LOCK_DURATION_MS: positiveInt(8_000, 60_000),
  SCORECARD_STALLED_INTERVAL_MS: positiveInt(4_000, 60_000),
  /**
   * Handwriting provider of scorecard processing: the offline digit model (default) or an
   * OpenAI-compatible vision-model API. The provider settings below are checked per request
   * rather than at start-up, so a broken processing setup answers
   * 503 scorecard-processing-configuration-invalid while normalization keeps working.
   */
  SCORECARD_READER: z.enum(['local', 'http-vision']).default('local'),
  SCORECARD_VISION_URL: z.string().optional(),
  SCORECARD_VISION_API_KEY: z.string().optional(),
  SCORECARD_VISION_MODEL: z.string().default('gpt-4o-mini'),
  SCORECARD_VISION_TIMEOUT_MS: positiveInt(20_000, 120_000),
  /** Confidence the vision provider must report for a cell to be accepted without review. */
  SCORECARD_VISION_ACCEPT_CONFIDENCE: z.coerce.number().min(0).max(1).default(0.98),
});

export type CommonEnv = z.infer<typeof commonEnvSchema>;
export type ApiEnv = z.infer<typeof apiEnvSchema>;
export type WorkerEnv = z.infer<typeof workerEnvSchema>;
