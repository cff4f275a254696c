import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { LocalDiskArtifactStore } from '@caddie/artifacts';
import type { StoredScorecardArtifact } from '@caddie/jobs';
import { photograph, placeCard } from '../../../libs/scorecards/src/testing/photo-scenes';
import { ArtifactRetention } from './artifact-retention';
import { ScorecardNormalizer } from './scorecard-normalizer';

jest.setTimeout(60_000);

describe('ArtifactRetention on the local store, with a fake clock', () => {
  const root = mkdtempSync(join(tmpdir(), 'caddie-retention-'));
  const store = new LocalDiskArtifactStore(root);
  let clock = 0;
  const normalizer = new ScorecardNormalizer(store, () => clock);
  const retention = new ArtifactRetention(store, () => clock);
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

  async function normalizeAt(iso: string): Promise<StoredScorecardArtifact[]> {
    clock = Date.parse(iso);
    const { body } = await normalizer.handle({ imageBase64, version: 4, deadline: clock + 60_000, requestId: iso });
    const [page] = body.pages as { artifacts: { normalizedImage: StoredScorecardArtifact; debugImage: StoredScorecardArtifact } }[];
    return [page.artifacts.normalizedImage, page.artifacts.debugImage];
  }
  const present = async (artifacts: StoredScorecardArtifact[]) => (await Promise.all(artifacts.map((a) => store.head(a.key)))).map((h) => h !== null);

  it('deletes both images at their retentionUntil and touches nothing younger', async () => {
    const old = await normalizeAt('2025-03-10T13:45:00Z');
    const sameDay = await normalizeAt('2025-03-10T23:59:59Z');
    const younger = await normalizeAt('2025-03-11T00:00:01Z');
    expect(old.map((a) => a.retentionUntil)).toEqual(['2025-03-12T00:00:00.000Z', '2025-03-12T00:00:00.000Z']);
    expect(younger[0].retentionUntil).toBe('2025-03-13T00:00:00.000Z');

    // One millisecond before the retention ends nothing is removed.
    clock = Date.parse('2025-03-11T23:59:59.999Z');
    expect(await retention.sweep()).toEqual({ deletedFolders: [], deletedObjects: 0, keptFolders: 2 });
    expect(await present([...old, ...sameDay, ...younger])).toEqual([true, true, true, true, true, true]);

    clock = Date.parse(old[0].retentionUntil);
    expect(await retention.sweep()).toEqual({ deletedFolders: ['scorecards/expires-2025-03-12/'], deletedObjects: 4, keptFolders: 1 });
    expect(await present([...old, ...sameDay])).toEqual([false, false, false, false]);
    expect(await present(younger)).toEqual([true, true]);
    // Gone from disk with their metadata sidecars, not only unreadable.
    expect(readdirSync(join(root, 'scorecards'))).toEqual(['expires-2025-03-13']);

    clock = Date.parse('2025-03-13T00:00:00Z');
    expect((await retention.sweep()).deletedObjects).toBe(2);
    expect(await present(younger)).toEqual([false, false]);
  });

  it('removes folders of the earlier creation-day layout two midnights on, and leaves other folders and other artifacts alone', async () => {
    await store.put('scorecards/2025-03-10/a/page-1-normalized.png', Buffer.from('png'), 'image/png');
    await store.put('scorecards/manual-export/keep.png', Buffer.from('png'), 'image/png');
    await store.put('graphics/ab/hole.webp', Buffer.from('webp'), 'image/webp');
    clock = Date.parse('2025-03-11T23:59:59Z');
    expect((await retention.sweep()).deletedObjects).toBe(0);
    clock = Date.parse('2025-03-12T00:00:00Z');
    expect(await retention.sweep()).toMatchObject({ deletedFolders: ['scorecards/2025-03-10/'], deletedObjects: 1 });
    expect(existsSync(join(root, 'scorecards/2025-03-10'))).toBe(false);
    expect(await store.head('scorecards/manual-export/keep.png')).not.toBeNull();
    expect(await store.head('graphics/ab/hole.webp')).not.toBeNull();
  });
});
