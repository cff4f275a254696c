import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { startPrivateRedis } from '../../apps/api/src/cli/embedded-redis';
import { startApi, type ApiHarness } from '../support/api-harness';
import { answerOf, contractBreach, type SeenAnswer } from '../support/declared-answers';
import { boundUnderLoad } from '../support/load-allowance';

/** The bound the issue sets: with Redis frozen or stopped, every request is answered within this. */
const ANSWER_WITHIN_MS = 5_000;

/**
 * A PRIVATE redis-server (never the machine's), frozen with SIGSTOP and then stopped, under an
 * API that uses it for queues, rate limits and idempotency.
 */
describe('Redis frozen and stopped (private redis-server)', () => {
  let redis: { url: string; child: ChildProcess };
  let api: ApiHarness;
  let base: string;
  let key: string;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    api = await startApi({ env: { REDIS_URL: redis.url } });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(api.app.getHttpServer().address() as AddressInfo).port}`;
    key = (await api.createKey({ kind: 'live', scopes: ['courses:read', 'course-graphics:read', 'scorecards:process', 'course-maps:read'] })).key;
  }, 60_000);
  // closing the API's Redis clients against a stopped Redis takes longer than Jest's 5 s hook default
  afterAll(async () => {
    redis.child.kill('SIGCONT');
    await api?.app.close();
    redis.child.kill('SIGKILL');
  }, 60_000);

  const round = async (label: string): Promise<(SeenAnswer & { ms: number })[]> => {
    const headers = { 'x-api-key': key };
    const calls: [string, () => Promise<Response>][] = [
      ['ready', () => fetch(`${base}/ready`)],
      ['services (anonymous)', () => fetch(`${base}/v1/services`)],
      ['course', () => fetch(`${base}/v1/courses/no-such-course`, { headers })],
      ['graphic', () => fetch(`${base}/v1/courses/no-such-course/graphics/images/green-1/png`, { headers })],
      ['tile plan', () => fetch(`${base}/v1/courses/no-such-course/maps/tiles`, { headers })],
      [
        'process',
        () =>
          fetch(`${base}/v1/scorecards/process`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': `chaos-${label}-${Date.now()}` },
            body: JSON.stringify({ image: { url: 'https://images.example.com/card.jpg' } }),
          }),
      ],
      [
        'normalize',
        () =>
          fetch(`${base}/v1/scorecards/normalize`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ image: { url: 'https://images.example.com/card.jpg' } }),
          }),
      ],
    ];
    return Promise.all(
      calls.map(async ([what, call]) => {
        const started = Date.now();
        const answer = await answerOf(`${label}: ${what}`, call());
        return { ...answer, ms: Date.now() - started };
      }),
    );
  };

  const expectBounded = (answers: (SeenAnswer & { ms: number })[]) => {
    process.stdout.write(answers.map((a) => `${a.what}: ${a.status} ${a.code ?? ''} in ${a.ms} ms`).join('\n') + '\n');
    expect(answers.map(contractBreach).filter(Boolean)).toEqual([]);
    const bound = boundUnderLoad(ANSWER_WITHIN_MS, 'answers during the Redis outage');
    expect(answers.filter((a) => a.ms >= bound).map((a) => `${a.what} took ${a.ms} ms`)).toEqual([]);
  };

  it('answers every request within 5 s while Redis is frozen (SIGSTOP)', async () => {
    redis.child.kill('SIGSTOP');
    try {
      const answers = await round('frozen');
      expectBounded(answers);
      expect(answers.find((a) => a.what.endsWith('ready'))).toMatchObject({ status: 503, code: 'not-ready' });
    } finally {
      redis.child.kill('SIGCONT');
    }
    // resumed: the API's clients recover by themselves; answers that need Redis are the real ones again
    const resumedAt = Date.now();
    let recovered: (SeenAnswer & { ms: number })[] = [];
    while (Date.now() - resumedAt < ANSWER_WITHIN_MS) {
      recovered = await round('resumed');
      if (recovered.find((a) => a.what.endsWith(': course'))?.code === 'course-not-found') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    process.stdout.write(`after SIGCONT: ${recovered.map((a) => `${a.what} ${a.status} ${a.code ?? ''}`).join('; ')} (${Date.now() - resumedAt} ms)\n`);
    expect(recovered.find((a) => a.what.endsWith(': course'))).toMatchObject({ status: 404, code: 'course-not-found' });
    expect(recovered.find((a) => a.what.endsWith(': services (anonymous)'))).toMatchObject({ status: 200 });
    expect(recovered.map(contractBreach).filter(Boolean)).toEqual([]);
  }, 60_000);

  it('answers every request within 5 s after Redis is stopped', async () => {
    redis.child.kill('SIGTERM');
    await new Promise((resolve) => redis.child.once('exit', resolve));
    const answers = await round('stopped');
    expectBounded(answers);
    expect(answers.find((a) => a.what.endsWith('ready'))).toMatchObject({ status: 503, code: 'not-ready' });
  }, 60_000);
});
