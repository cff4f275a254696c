import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskArtifactStore } from '@caddie/artifacts';

describe('LocalDiskArtifactStore', () => {
  const root = mkdtempSync(join(tmpdir(), 'caddie-artifacts-'));
  const store = new LocalDiskArtifactStore(root);

  it('round-trips objects with metadata, ranges and deletion, leaving no temp files', async () => {
    await store.put('graphics/ab/cd.webp', Buffer.from('0123456789'), 'image/webp', { sha256: 'x' });
    expect(await store.head('graphics/ab/cd.webp')).toEqual({ size: 10, contentType: 'image/webp', metadata: { sha256: 'x' } });
    expect((await store.get('graphics/ab/cd.webp'))!.body.toString()).toBe('0123456789');
    expect((await store.getRange('graphics/ab/cd.webp', 2, 4))!.toString()).toBe('234');
    expect(readdirSync(join(root, 'graphics/ab')).filter((f) => f.includes('.tmp-'))).toEqual([]);
    await store.delete('graphics/ab/cd.webp');
    expect(await store.get('graphics/ab/cd.webp')).toBeNull();
    await expect(store.check()).resolves.toBeUndefined();
  });

  it('refuses keys that could escape its folder', async () => {
    await expect(store.put('../x', Buffer.alloc(1), 'a/b')).rejects.toThrow(/unsafe/);
    await expect(store.get('/etc/passwd')).rejects.toThrow(/unsafe/);
  });
});
