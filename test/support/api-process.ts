import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiKeyRegistry } from '@caddie/access';
import { openDatabase } from '@caddie/persistence';
import { exited, freePort, startNode, waitFor } from './processes';
import { startupWait } from './load-allowance';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface ApiProcess {
  api: ReturnType<typeof startNode>;
  base: string;
  key: string;
  /** the environment a worker process needs to share this API's data and queues */
  common: Record<string, string>;
}

/** The built API as its own process on a fresh data folder and Redis prefix, healthy, with one key of `scopes`. */
export async function startApiProcess(label: string, scopes: string[]): Promise<ApiProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), `caddie-${label}-`));
  const common = { DATA_DIR: dataDir, REDIS_URL, REDIS_PREFIX: `${label}-${randomBytes(4).toString('hex')}`, LOG_LEVEL: 'warn' };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const api = startNode('apps/api/src/main.js', { ...common, PORT: String(port), RATE_LIMIT_PER_MINUTE: '100000' });
  await waitFor(async () => (await fetch(`${base}/health`).catch(() => null))?.ok ?? false, startupWait(60_000), 'the API');
  const db = await openDatabase({ dataDir });
  const key = (await new ApiKeyRegistry(db, 'caddie').create({ name: label, kind: 'test', scopes })).key;
  await db.destroy();
  return { api, base, key, common };
}

/** SIGTERM, then SIGKILL for a process that does not exit within 20 s. */
export async function stopProcesses(processes: (ReturnType<typeof startNode> | undefined)[]): Promise<void> {
  for (const p of processes) {
    p?.child.kill('SIGTERM');
    if (p) await exited(p.child, 20_000).catch(() => p.child.kill('SIGKILL'));
  }
}

/** One scorecard photo sent to POST /v1/scorecards/normalize as multipart. */
export function normalizeUpload(base: string, key: string, image: Buffer, name: string): Promise<Response> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), name);
  return fetch(`${base}/v1/scorecards/normalize`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
}
