import { z } from 'zod';

/** Every problem of the environment, reported together. */
export class ConfigError extends Error {
  readonly code = 'invalid-configuration';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once with one schema. Empty strings count as unset, so
 * `FOO=` in a compose file falls back to the default instead of failing validation.
 */
export function loadEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
  }
  return onClusterHashTagged(result.data);
}

/**
 * On a Redis Cluster every key of the project must fall in one hash slot (BullMQ's scripts and
 * flows touch several keys of several queues at once), so a prefix without a hash tag is wrapped
 * in one: `caddie` becomes `{caddie}`. Every process parses the same environment, so all agree.
 */
export function onClusterHashTagged<T>(env: T): T {
  const fields = env as { REDIS_CLUSTER_NODES?: unknown; REDIS_PREFIX?: unknown };
  if (!fields.REDIS_CLUSTER_NODES || typeof fields.REDIS_PREFIX !== 'string' || fields.REDIS_PREFIX.includes('{')) return env;
  return { ...env, REDIS_PREFIX: `{${fields.REDIS_PREFIX}}` };
}

/** For process entry points: the parsed environment, or every problem on stderr and exit code 2. */
export function loadEnvOrExit<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  try {
    return loadEnv(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}
