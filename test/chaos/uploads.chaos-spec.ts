import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { normalizeUpload, startApiProcess, stopProcesses } from '../support/api-process';
import { answerOf, contractBreach, type SeenAnswer } from '../support/declared-answers';
import { STARTUP_HOOK_MS, startupWait } from '../support/load-allowance';
import { startNode, waitFor } from '../support/processes';

/** Peak resident memory (VmHWM) of a process, in MB, from /proc. */
const peakMb = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/**
 * Uploads against the built API and a scorecard worker as separate processes: 100 parallel
 * uploads must all get the worker's answer (none lost to a wait that missed its job), and 60
 * parallel 4 MB uploads must keep the API under 600 MB (the admission limit bounds it).
 */
describe('scorecard uploads under load (API and worker processes)', () => {
  let api: ReturnType<typeof startNode>;
  let worker: ReturnType<typeof startNode>;
  let base: string;
  let key: string;

  beforeAll(async () => {
    let common: Record<string, string>;
    ({ api, base, key, common } = await startApiProcess('chaos', ['scorecards:process']));
    worker = startNode('apps/scorecard-worker/src/main.js', { ...common, WORKER_CONCURRENCY: '2' });
    await waitFor(() => worker.output().includes('consuming queue scorecard'), startupWait(60_000), 'the scorecard worker');
  }, STARTUP_HOOK_MS);
  afterAll(() => stopProcesses([api, worker]), 60_000);

  const upload = (image: Buffer, name: string) => normalizeUpload(base, key, image, name);

  /** One client: sends, and when told the server is busy, waits Retry-After and sends again. */
  const client = async (image: Buffer, name: string): Promise<SeenAnswer & { attempts: number }> => {
    for (let attempts = 1; ; attempts++) {
      const answer = await answerOf(name, upload(image, name));
      if (answer.code !== 'server-busy' || attempts >= 60) return { ...answer, attempts };
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  };

  it("gives 100 parallel uploads each the worker's own answer: 0 lost", async () => {
    // a photo without markers: the worker answers 422 quickly, so what is measured is the waiting, not OpenCV
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => client(photo, `upload-${i}`)));
    const byCode = answers.reduce<Record<string, number>>(
      (acc, a) => ((acc[`${a.status} ${a.code ?? ''}`] = (acc[`${a.status} ${a.code ?? ''}`] ?? 0) + 1), acc),
      {},
    );
    process.stdout.write(`100 uploads: ${JSON.stringify(byCode)}; retries after server-busy: ${answers.reduce((n, a) => n + a.attempts - 1, 0)}\n`);
    expect(answers.map(contractBreach).filter(Boolean)).toEqual([]);
    expect(answers.filter((a) => a.code !== 'registration-markers-incomplete').map((a) => `${a.what}: ${a.status} ${a.code}`)).toEqual([]);
  }, 300_000);

  it('keeps the API under 600 MB with 60 parallel 4 MB uploads', async () => {
    // incompressible pixels: a PNG of just under the 4,000,000-byte image limit
    const side = 1140;
    const noise = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(3_800_000);
    expect(noise.length).toBeLessThanOrEqual(4_000_000);
    const before = peakMb(api.child.pid!);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => answerOf(`big-${i}`, upload(noise, `big-${i}.png`))));
    const peak = peakMb(api.child.pid!);
    const byCode = answers.reduce<Record<string, number>>(
      (acc, a) => ((acc[`${a.status} ${a.code ?? ''}`] = (acc[`${a.status} ${a.code ?? ''}`] ?? 0) + 1), acc),
      {},
    );
    process.stdout.write(
      `60 x ${(noise.length / 1e6).toFixed(2)} MB uploads: API peak RSS ${peak.toFixed(0)} MB (before ${before.toFixed(0)} MB); answers ${JSON.stringify(byCode)}\n`,
    );
    expect(answers.map(contractBreach).filter(Boolean)).toEqual([]);
    expect(peak).toBeLessThan(600);
  }, 300_000);
});
