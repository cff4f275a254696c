import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { redisOptionsFromUrl } from '@caddie/jobs';
import { contractBreach } from '../support/declared-answers';
import { pingAnsweredBy, queuePinger, startLauncher, trafficAgainst } from '../support/launcher';
import { exited, freePort, startNode, waitFor } from '../support/processes';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('npm start (the launcher)', () => {
  it('migrates, creates one dev key, serves the API, runs both workers, and stops cleanly', async () => {
    const port = await freePort();
    const prefix = `e2e-${randomBytes(4).toString('hex')}`;
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'caddie-start-')), PORT: String(port), REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' };
    const { child, output } = startNode('apps/api/src/cli/start.js', env);
    try {
      // the banner waits for the API's health and then up to 60 s for its workers (/ready)
      await waitFor(() => output().includes('Caddie is up'), 120_000, 'the launcher banner');
      const key = /caddie_test_[0-9A-Za-z]{43}/.exec(output())?.[0];
      expect(key).toBeDefined();
      expect(output()).toContain(`curl -H "x-api-key: ${key}" http://localhost:${port}/v1/`);
      // the console sign-in link for the development organization works (once)
      await waitFor(() => output().includes('/console/sign-in?token='), 30_000, 'the console link');
      const link = new URL(/http:\/\/localhost:\d+\/console\/sign-in\?token=[A-Za-z0-9_-]{43}/.exec(output())![0]);
      const signIn = `http://127.0.0.1:${port}${link.pathname}${link.search}`;
      const signedIn = await fetch(signIn, { redirect: 'manual' });
      expect(signedIn.status).toBe(303);
      expect(signedIn.headers.get('set-cookie')).toMatch(/^caddie_console=.*HttpOnly; SameSite=Strict/);
      expect((await fetch(signIn, { redirect: 'manual' })).status).toBe(401);

      const services = await fetch(`http://127.0.0.1:${port}/v1/services`);
      expect(services.status).toBe(200);
      expect(((await services.json()) as { services: unknown[] }).services).toHaveLength(4);
      // ready once both workers consume their queues (they may still be loading fonts and OpenCV)
      await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/ready`)).status === 200, 60_000, '/ready 200');

      // both workers consume their queues, on the Redis the launcher chose (its own one when the shared one did not answer in time)
      const privateRedis = /started a private redis-server at (redis:\/\/\S+)/.exec(output())?.[1];
      const connection = redisOptionsFromUrl(privateRedis ?? REDIS_URL);
      for (const name of ['render', 'render-batch', 'scorecard'] as const) {
        const pinger = await queuePinger(connection, prefix, name);
        try {
          // the workers may still be booting (fonts, OpenCV) when the API answers, slowly on a loaded CI machine
          // (over 45 s once the printables e2e renders books on the same two cores)
          const result = await pinger.ping(90_000).catch((error: Error) => {
            throw new Error(`${error.message}\n--- launcher output ---\n${output().slice(-4000)}`);
          });
          expect(result.queue).toBe(name);
          expect(result.pid).not.toBe(process.pid);
        } finally {
          await pinger.close({ obliterate: true });
        }
      }
    } finally {
      child.kill('SIGTERM');
      expect(await exited(child, 30_000)).toBe(0);
    }
    expect(output()).toContain('stopping');

    // a second start on the same data keeps the existing key and prints no new one
    const again = startNode('apps/api/src/cli/start.js', env);
    try {
      await waitFor(() => again.output().includes('Caddie is up'), 60_000, 'the second banner');
      expect(again.output()).not.toMatch(/caddie_test_[0-9A-Za-z]{43}/);
    } finally {
      again.child.kill('SIGTERM');
      await exited(again.child, 30_000);
    }
  }, 240_000);

  it('restarts a SIGKILLed render worker, which consumes again, while the API keeps answering with results or declared problems', async () => {
    const launched = await startLauncher({ RENDER_WAIT_MS: '3000' });
    try {
      await waitFor(async () => (await fetch(`${launched.base}/ready`)).status === 200, 60_000, '/ready 200');
      const [renderPid] = launched.pidsOf('render-worker');
      const [apiPid] = launched.pidsOf('api');

      // clients keep calling while the worker is gone and comes back
      const traffic = trafficAgainst(launched);
      const killedAt = Date.now();
      process.kill(renderPid, 'SIGKILL');
      await waitFor(() => launched.pidsOf('render-worker').length === 2, 5_000, 'the restarted render worker');
      expect(launched.output()).toContain('render-worker exited (SIGKILL); restarting in');
      // back = the restarted process answers a ping on the render queue. The 10 s bound is asserted by
      // `npm run chaos` (test/chaos/launcher-restart); here a looser one, since CI runs this beside the
      // printables e2e on two busy cores.
      const backMs = await pingAnsweredBy(launched, 'render', () => launched.pidsOf('render-worker')[1], killedAt, 60_000);
      process.stdout.write(`render worker back ${backMs} ms after SIGKILL\n`);

      const answers = await traffic.stop();
      // at least one round of every kind of request was answered while the worker was gone
      expect(answers.length).toBeGreaterThanOrEqual(3);
      expect(answers.map(contractBreach).filter(Boolean)).toEqual([]);
      expect(answers.filter((a) => a.what !== 'graphic').every((a) => a.status === 200)).toBe(true);
      // the API was never restarted: it kept serving
      expect(launched.pidsOf('api')).toEqual([apiPid]);
    } finally {
      launched.child.kill('SIGTERM');
      expect(await exited(launched.child, 30_000)).toBe(0);
    }
  }, 150_000);

  it('exits with a precise message when REDIS_URL is set but nothing answers', async () => {
    const { child, output } = startNode('apps/api/src/cli/start.js', {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'caddie-start-')),
      PORT: String(await freePort()),
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    expect(await exited(child, 20_000)).toBe(1);
    expect(output()).toContain('Nothing answers at REDIS_URL=redis://127.0.0.1:1');
  }, 30_000);

  it('reports every configuration problem together and exits 2', async () => {
    const { child, output } = startNode('apps/api/src/cli/start.js', { PORT: 'x', OPERATOR_TOKEN: 'Bad Token' });
    expect(await exited(child, 20_000)).toBe(2);
    expect(output()).toMatch(/PORT/);
    expect(output()).toMatch(/OPERATOR_TOKEN/);
  }, 30_000);
});
