import sharp from 'sharp';
import type { ArtifactStore, ObjectHead, StoredObject } from '@caddie/artifacts';
import { decodeScorecardFailure } from '@caddie/jobs';
import { photograph, placeCard } from '../../../libs/scorecards/src/testing/photo-scenes';
import { ScorecardNormalizer } from './scorecard-normalizer';

jest.setTimeout(60_000);

/** An in-memory store whose writes can be made to fail or to read back wrong. */
class MemoryStore implements ArtifactStore {
  readonly kind = 'local' as const;
  readonly objects = new Map<string, StoredObject>();
  failPutAfter = Infinity;
  corruptHead = false;
  async put(key: string, body: Buffer, contentType: string, metadata: Record<string, string> = {}) {
    if (this.objects.size >= this.failPutAfter) throw new Error('disk full');
    this.objects.set(key, { body, contentType, metadata });
  }
  async get(key: string) {
    return this.objects.get(key) ?? null;
  }
  async getRange() {
    return null;
  }
  async head(key: string): Promise<ObjectHead | null> {
    const o = this.objects.get(key);
    return o ? { size: o.body.length - (this.corruptHead ? 1 : 0), contentType: o.contentType, metadata: o.metadata } : null;
  }
  async delete(key: string) {
    this.objects.delete(key);
  }
  async listFolders(folder: string) {
    const below = [...this.objects.keys()].filter((k) => k.startsWith(folder)).map((k) => `${folder}${k.slice(folder.length).split('/')[0]}/`);
    return [...new Set(below)];
  }
  async deleteFolder(folder: string) {
    const keys = [...this.objects.keys()].filter((k) => k.startsWith(folder));
    keys.forEach((k) => this.objects.delete(k));
    return keys.length;
  }
  async check() {}
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: Error) => e,
  );
  expect(error?.name).toBe('UnrecoverableError');
  return decodeScorecardFailure(error!.message);
}

describe('ScorecardNormalizer', () => {
  let imageBase64: string;
  beforeAll(async () => {
    const card = await placeCard('M9H1GG/front-nine-page', { center: { x: 800, y: 600 }, widthPx: 1100 });
    const photo = await photograph([card], { width: 1600, height: 1200 });
    imageBase64 = (
      await sharp(photo.data, { raw: { width: 1600, height: 1200, channels: 1 } })
        .jpeg()
        .toBuffer()
    ).toString('base64');
  });
  const payload = (deadline = Date.now() + 30_000) => ({ imageBase64, version: 4 as const, deadline, requestId: 'r1' });

  it('stores both images with sha256 and retention metadata and returns their descriptors', async () => {
    const store = new MemoryStore();
    const result = await new ScorecardNormalizer(store, () => Date.parse('2025-03-10T13:45:00Z')).handle(payload(Date.parse('2025-03-10T14:00:00Z')));
    expect(result.artifactKeys).toHaveLength(2);
    expect([...store.objects.keys()].sort()).toEqual([...result.artifactKeys].sort());
    const artifacts = (result.body.pages as Record<string, any>[])[0].artifacts;
    expect(artifacts.normalizedImage).toMatchObject({
      contentType: 'image/png',
      retentionUntil: '2025-03-12T00:00:00.000Z',
      key: expect.stringMatching(/^scorecards\/expires-2025-03-12\/[0-9a-f-]{36}\/page-1-normalized\.png$/),
    });
    expect(store.objects.get(artifacts.debugImage.key)?.metadata).toEqual({ sha256: artifacts.debugImage.sha256, retentionUntil: '2025-03-12T00:00:00.000Z' });
  });

  it('drops work whose deadline has passed', async () => {
    const store = new MemoryStore();
    expect(await failureOf(new ScorecardNormalizer(store).handle(payload(Date.now() - 1)))).toMatchObject({ code: 'scorecard-normalization-unavailable' });
    expect(store.objects.size).toBe(0);
  });

  it('deletes partial objects when a write fails, and unverified ones when a read-back differs', async () => {
    const failing = new MemoryStore();
    failing.failPutAfter = 1;
    expect(await failureOf(new ScorecardNormalizer(failing).handle(payload()))).toMatchObject({ code: 'scorecard-artifact-storage-unavailable' });
    expect(failing.objects.size).toBe(0);
    const corrupt = new MemoryStore();
    corrupt.corruptHead = true;
    expect(await failureOf(new ScorecardNormalizer(corrupt).handle(payload()))).toMatchObject({ code: 'scorecard-artifact-verification-failed' });
    expect(corrupt.objects.size).toBe(0);
  });

  it('carries marker and decode problems as their spec codes', async () => {
    const blank = (
      await sharp({ create: { width: 400, height: 300, channels: 3, background: '#777' } })
        .png()
        .toBuffer()
    ).toString('base64');
    expect(await failureOf(new ScorecardNormalizer(new MemoryStore()).handle({ ...payload(), imageBase64: blank }))).toMatchObject({
      code: 'registration-markers-incomplete',
    });
    const truncated = Buffer.from(imageBase64, 'base64').subarray(0, 5000).toString('base64');
    expect(await failureOf(new ScorecardNormalizer(new MemoryStore()).handle({ ...payload(), imageBase64: truncated }))).toMatchObject({
      code: 'image-decode-failed',
    });
  });
});
