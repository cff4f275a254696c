import { randomBytes } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { Queue, type QueueOptions } from 'bullmq';
import { openQueue, QUEUE_NAMES } from '@caddie/jobs';
import { redisServerInstalled, startPrivateRedis } from '../../apps/api/src/cli/embedded-redis';
import { apiRedisOptions } from '../../apps/api/src/platform/redis/api-redis-options';
import { QueueConsumers } from '../../apps/api/src/platform/redis/queue-consumers';
import { startApi } from '../support/api-harness';
import { required } from '../support/requirements';

const installed = required('redis-server (apt-get install redis-server)', redisServerInstalled());
const withRedisServer = installed ? describe : describe.skip;

const until = async (condition: () => boolean, withinMs = 5_000) => {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/**
 * A private redis-server killed under a producer queue whose client still has a command waiting
 * for it (as /ready leaves its CLIENT LIST), so QUIT lands in the offline queue behind that command.
 */
async function queueWhoseRedisDied(open: (name: string, options: QueueOptions) => Queue) {
  const redis = await startPrivateRedis();
  const queue = open(`shutdown-${randomBytes(4).toString('hex')}`, { connection: apiRedisOptions(redis.url), prefix: 'test-shutdown' });
  queue.on('error', () => undefined);
  const client = await queue.waitUntilReady();
  client.on('error', () => undefined);
  redis.child.kill('SIGKILL');
  await until(() => client.status !== 'ready');
  // issued synchronously, so it is in the offline queue before close() sends QUIT
  const left = client.clientList().then(
    () => 'answered',
    (error: Error) => error.message,
  );
  return { queue, client, left };
}

withRedisServer('closing Redis producers after their Redis died', () => {
  it("BullMQ's own connection: close() rejects with the waiting command's fate, and every later close() again", async () => {
    const { queue, client } = await queueWhoseRedisDied((name, options) => new Queue(name, options));
    try {
      await expect(queue.close()).rejects.toThrow(/max retries per request|Command timed out/);
      // what @nestjs/bullmq's shutdown hook did after our bounded close: the same rejection again
      await expect(queue.close()).rejects.toThrow(/max retries per request|Command timed out/);
    } finally {
      client.disconnect();
    }
  }, 20_000);

  it('openQueue: close() drops a client that is not ready and resolves, every time', async () => {
    const { queue, client, left } = await queueWhoseRedisDied(openQueue);
    await expect(queue.close()).resolves.toBeUndefined();
    await expect(queue.close()).resolves.toBeUndefined();
    expect(client.status).toBe('end');
    // the command left waiting is still bounded by the command timeout
    await expect(left).resolves.toMatch(/Command timed out|max retries per request|Connection is closed/);
  }, 20_000);

  it('the API shuts down without error after its Redis died with a queue command still waiting', async () => {
    const redis = await startPrivateRedis();
    const api = await startApi({ env: { REDIS_URL: redis.url } });
    const clients = await Promise.all(QUEUE_NAMES.map((name) => api.app.get<Queue>(getQueueToken(name)).client));
    redis.child.kill('SIGKILL');
    await until(() => clients.every((client) => client.status !== 'ready'));
    const consumers = api.app.get(QueueConsumers);
    const answers = [consumers.present('render'), consumers.present('scorecard')];
    await expect(api.app.close()).resolves.toBeUndefined();
    // /ready's look-ups still answer (unknown), they do not reject
    await expect(Promise.all(answers)).resolves.toEqual([undefined, undefined]);
  }, 30_000);
});
