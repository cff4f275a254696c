import sharp from 'sharp';
import { normalizeUpload, startApiProcess, stopProcesses, type ApiProcess } from '../support/api-process';
import { answerOf, contractBreach } from '../support/declared-answers';
import { startNode } from '../support/processes';

/**
 * Issue 57, point 7: the first burst after a start once lost 7 of 30 uploads (503) because the API
 * admitted work before a scorecard worker consumed. Here the burst is sent before the worker
 * process even starts: every upload must still get the worker's own answer.
 */
describe('the first upload burst after a start', () => {
  let started: ApiProcess;
  let worker: ReturnType<typeof startNode> | undefined;

  beforeAll(async () => {
    started = await startApiProcess('burst', ['scorecards:process']);
  }, 90_000);
  afterAll(() => stopProcesses([started?.api, worker]), 60_000);

  it("answers 30 parallel uploads sent before any scorecard worker runs with the worker's own answers: none lost", async () => {
    // a photo without markers: the worker answers 422 quickly, so what is measured is the admission
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const { base, key, common } = started;
    const send = (name: string) => answerOf(name, normalizeUpload(base, key, photo, name));
    // a client as the docs ask: over the per-process upload limit (16) it waits Retry-After and sends again
    const upload = async (name: string) => {
      for (let attempt = 1; ; attempt++) {
        const answer = await send(name);
        if (answer.code !== 'server-busy' || attempt >= 30) return answer;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
    };
    const scorecardQueue = async () => ((await (await fetch(`${base}/ready`)).json()) as { queues: Record<string, string> }).queues.scorecard;
    expect(await scorecardQueue()).toBe('no-consumer');
    const burst = Promise.all(Array.from({ length: 30 }, (_, i) => upload(`upload-${i}`)));
    worker = startNode('apps/scorecard-worker/src/main.js', { ...common, WORKER_CONCURRENCY: '2' });
    const answers = await burst;
    const byCode = answers.reduce<Record<string, number>>(
      (acc, a) => ((acc[`${a.status} ${a.code ?? ''}`] = (acc[`${a.status} ${a.code ?? ''}`] ?? 0) + 1), acc),
      {},
    );
    process.stdout.write(`first burst of 30: ${JSON.stringify(byCode)}\n`);
    expect(answers.map(contractBreach).filter(Boolean)).toEqual([]);
    expect(answers.filter((a) => a.code !== 'registration-markers-incomplete').map((a) => `${a.what}: ${a.status} ${a.code}`)).toEqual([]);
    expect(await scorecardQueue()).toBe('ok');
  }, 120_000);
});
