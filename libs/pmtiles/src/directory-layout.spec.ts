import { gunzipSync } from 'node:zlib';
import { decodeDirectory, type DirectoryEntry } from './directory-codec';
import { layoutDirectories } from './directory-layout';
import { SeededRandom } from './testing/seeded-random';

function randomEntries(count: number, seed: number): DirectoryEntry[] {
  const random = new SeededRandom(seed);
  const entries: DirectoryEntry[] = [];
  let tileId = 1000;
  let offset = 0;
  for (let index = 0; index < count; index += 1) {
    tileId += random.int(1, 40);
    const length = random.int(1, 5000);
    entries.push({ tileId, offset, length, runLength: random.int(1, 3) });
    offset += length;
  }
  return entries;
}

function readLeaves(root: DirectoryEntry[], leaves: Uint8Array): DirectoryEntry[] {
  return root.flatMap((pointer) => decodeDirectory(gunzipSync(leaves.subarray(pointer.offset, pointer.offset + pointer.length))));
}

describe('layoutDirectories', () => {
  it('keeps every entry in the root when it fits', () => {
    const entries = randomEntries(200, 1);
    const layout = layoutDirectories(entries);
    expect(layout.leafCount).toBe(0);
    expect(layout.leaves.length).toBe(0);
    expect(decodeDirectory(gunzipSync(layout.root))).toEqual(entries);
  });

  it('splits into leaves, growing them until the root fits the limit', () => {
    const entries = randomEntries(3000, 2);
    const layout = layoutDirectories(entries, { rootByteLimit: 120, initialEntriesPerLeaf: 16 });
    expect(layout.root.length).toBeLessThanOrEqual(120);
    // 16 entries per leaf gives 188 root entries, far over 120 bytes, so it must have retried.
    expect(layout.entriesPerLeaf).toBeGreaterThan(16);
    expect(layout.leafCount).toBe(Math.ceil(3000 / layout.entriesPerLeaf));

    const root = decodeDirectory(gunzipSync(layout.root));
    expect(root.every((pointer) => pointer.runLength === 0)).toBe(true);
    // Leaves are packed back to back, each root entry naming its leaf's first tile id.
    expect(root[0].offset).toBe(0);
    expect(root.at(-1)!.offset + root.at(-1)!.length).toBe(layout.leaves.length);
    const leafEntries = readLeaves(root, layout.leaves);
    expect(leafEntries).toEqual(entries);
    root.forEach((pointer, index) => expect(pointer.tileId).toBe(entries[index * layout.entriesPerLeaf].tileId));
  });

  it('falls back to one leaf when nothing smaller fits', () => {
    const entries = randomEntries(100, 3);
    const layout = layoutDirectories(entries, { rootByteLimit: 1, initialEntriesPerLeaf: 10 });
    expect(layout.leafCount).toBe(1);
    expect(readLeaves(decodeDirectory(gunzipSync(layout.root)), layout.leaves)).toEqual(entries);
  });
});
