import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ConnectionOptions, Queue, QueueEvents } from 'bullmq';
import { JobWaiter, type QueueName, redisOptionsFromUrl, type WorkerPingResult } from '@caddie/jobs';
import { answerOf, type SeenAnswer } from './declared-answers';
import { startupWait } from './load-allowance';
import { freePort, startNode, waitFor } from './processes';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const KEY_PATTERN = /caddie_test_[0-9A-Za-z]{43}/;

/** `npm start` (the built launcher) on a free port, a fresh data directory and its own queue prefix. */
export async function startLauncher(extraEnv: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  const prefix = `launch-${randomBytes(4).toString('hex')}`;
  const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'caddie-start-')), PORT: String(port), REDIS_PREFIX: prefix, LOG_LEVEL: 'warn', ...extraEnv };
  const launched = startNode('apps/api/src/cli/start.js', env);
  const base = `http://127.0.0.1:${port}`;
  // the banner waits for the API's health and then up to 60 s for its workers (/ready); on a loaded machine all of it is slower
  // a launcher that stopped (it gave up on the API) fails the wait at once, with its output
  const bannerOrExit = () => {
    if (launched.child.exitCode !== null || launched.child.signalCode !== null)
      throw new Error(`the launcher exited (${launched.child.exitCode ?? launched.child.signalCode})`);
    return KEY_PATTERN.test(launched.output());
  };
  await waitFor(bannerOrExit, startupWait(120_000), 'the launcher banner with the key').catch((error: Error) => {
    launched.child.kill('SIGTERM');
    throw new Error(`${error.message}; launcher output:\n${launched.output().slice(-2000)}`);
  });
  const key = KEY_PATTERN.exec(launched.output())![0];
  /** Process ids the launcher logged for a child, oldest first (one more per restart). */
  const pidsOf = (name: string) => [...launched.output().matchAll(new RegExp(`${name} started \\(pid (\\d+)\\)`, 'g'))].map((m) => Number(m[1]));
  /** The Redis the launcher chose: its private one when the shared one did not answer. */
  const redisUrl = /started a private redis-server at (redis:\/\/\S+)/.exec(launched.output())?.[1] ?? REDIS_URL;
  return { ...launched, env, base, key, prefix, pidsOf, connection: redisOptionsFromUrl(redisUrl) };
}
export type Launched = Awaited<ReturnType<typeof startLauncher>>;

/**
 * Clients calling the launched API in rounds (anonymous services, a course read, a graphic that
 * needs the render worker, a scorecard normalization that needs the scorecard worker) until
 * stop() is called; returns every answer seen.
 */
export function trafficAgainst(launched: Launched, { withScorecards = false }: { withScorecards?: boolean } = {}) {
  const answers: SeenAnswer[] = [];
  let calling = true;
  let round = 0;
  const headers = { 'x-api-key': launched.key };
  const running = (async () => {
    while (calling) {
      round++;
      const calls = [
        answerOf('services', fetch(`${launched.base}/v1/services`)),
        answerOf('course', fetch(`${launched.base}/v1/courses/demo-pine-hollow`, { headers })),
        // a new graphic each round, so each one needs the render worker
        answerOf(
          'graphic',
          fetch(`${launched.base}/v1/courses/demo-pine-hollow/graphics/images/green-${(round % 9) + 1}/png?width=${320 + round}&height=320`, { headers }),
        ),
      ];
      if (withScorecards) {
        const form = new FormData();
        form.append('image', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'card.png');
        calls.push(answerOf('normalize', fetch(`${launched.base}/v1/scorecards/normalize`, { method: 'POST', headers, body: form })));
      }
      answers.push(...(await Promise.all(calls)));
    }
  })();
  return {
    answers,
    async stop() {
      calling = false;
      await running;
      return answers;
    },
  };
}

/** A 1x1 white PNG: the scorecard worker answers it quickly (no registration markers). */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC', 'base64');

/** Sends worker.ping jobs on one queue and waits for their answers. */
export interface QueuePinger {
  /** The answer to a new ping; an error saying where the job stands and which workers are connected when none came within `timeoutMs`. */
  ping(timeoutMs: number): Promise<WorkerPingResult>;
  /** Closes its connections; `obliterate` first removes the queue's keys (a test's own prefix). */
  close(options?: { obliterate?: boolean }): Promise<void>;
}

/**
 * A pinger on `queueName` under `prefix`. It waits through the service's own JobWaiter (the finish
 * event, or a look-up of the job): BullMQ's waitUntilFinished alone misses a finish published
 * before its QueueEvents issued its first read, which a loaded machine made a 90 s timeout.
 */
export async function queuePinger(connection: ConnectionOptions, prefix: string, queueName: QueueName): Promise<QueuePinger> {
  const queue = new Queue(queueName, { connection, prefix });
  const events = new QueueEvents(queueName, { connection, prefix });
  await events.waitUntilReady();
  const waiter = new JobWaiter(queue, events);
  return {
    async ping(timeoutMs) {
      const job = await queue.add('worker.ping', { sentAt: new Date().toISOString() }, { removeOnComplete: { age: 120 }, removeOnFail: { age: 120 } });
      const outcome = await waiter.wait<WorkerPingResult>(job.id!, timeoutMs);
      if (outcome.state === 'done') return outcome.result;
      const state = await queue.getJobState(job.id!).catch((error: Error) => `unreadable (${error.message})`);
      const workers = await queue.getWorkers().then(
        (list) => list.map((w) => w.name).join(', ') || 'none',
        (error: Error) => `unreadable (${error.message})`,
      );
      const reason = outcome.state === 'failed' ? `failed: ${outcome.reason}` : `${outcome.state} after ${timeoutMs} ms`;
      throw new Error(`${queueName} ping ${job.id} ${reason}; job state ${state}; connected workers: ${workers}`);
    },
    async close({ obliterate = false } = {}) {
      try {
        if (obliterate) await queue.obliterate({ force: true });
      } finally {
        await events.close();
        await queue.close();
      }
    },
  };
}

/**
 * Milliseconds from `since` until a worker.ping job on `queueName` is answered by process `pid`
 * (a worker that is consuming its queue again), or a timeout error after `timeoutMs`.
 */
export async function pingAnsweredBy(
  launched: Launched,
  queueName: 'render' | 'scorecard',
  pid: () => number | undefined,
  since: number,
  timeoutMs: number,
): Promise<number> {
  const pinger = await queuePinger(launched.connection, launched.prefix, queueName);
  try {
    const deadline = since + timeoutMs;
    while (Date.now() < deadline) {
      const result = await pinger.ping(Math.max(1, deadline - Date.now())).catch(() => undefined);
      if (result !== undefined && result.pid === pid()) return Date.now() - since;
    }
    throw new Error(`no ${queueName} ping answered by the restarted worker within ${timeoutMs} ms`);
  } finally {
    await pinger.close();
  }
}
