import { gzipSync, constants as zlibConstants } from 'node:zlib';
import { HEADER_LENGTH, ROOT_BYTE_LIMIT } from './archive-header';
import { encodeDirectory, type DirectoryEntry } from './directory-codec';

/** The compressed root directory and the concatenated compressed leaf directories. */
export interface DirectoryLayout {
  root: Uint8Array;
  leaves: Uint8Array;
  leafCount: number;
  /** Tile entries per leaf, 0 when every entry fits in the root. */
  entriesPerLeaf: number;
}

export interface DirectoryLayoutOptions {
  /** Largest compressed root allowed; defaults to what the spec leaves after the header. */
  rootByteLimit?: number;
  /** Tile entries per leaf on the first attempt with leaves. */
  initialEntriesPerLeaf?: number;
}

/** Leaves of a few thousand entries compress to a few kilobytes: one small read per lookup. */
const DEFAULT_ENTRIES_PER_LEAF = 4096;
const LEAF_GROWTH = 1.5;

/** Directories are read once and cached, so spend CPU on size: a smaller root fits more leaves. */
export function gzipDirectory(bytes: Uint8Array): Uint8Array {
  return gzipSync(bytes, { level: zlibConstants.Z_BEST_COMPRESSION });
}

/**
 * Puts every entry in the root when it fits; otherwise splits the entries into leaves of equal
 * entry count, with one root entry (run length 0) per leaf, growing the leaves until the root fits.
 * Leaf offsets in the root are relative to the start of the leaf section.
 */
export function layoutDirectories(entries: readonly DirectoryEntry[], options: DirectoryLayoutOptions = {}): DirectoryLayout {
  const rootByteLimit = options.rootByteLimit ?? ROOT_BYTE_LIMIT - HEADER_LENGTH;
  const rootOnly = gzipDirectory(encodeDirectory(entries));
  if (rootOnly.length <= rootByteLimit) {
    return { root: rootOnly, leaves: new Uint8Array(0), leafCount: 0, entriesPerLeaf: 0 };
  }
  let entriesPerLeaf = Math.max(1, Math.floor(options.initialEntriesPerLeaf ?? DEFAULT_ENTRIES_PER_LEAF));
  for (;;) {
    const attempt = splitIntoLeaves(entries, entriesPerLeaf);
    // A single leaf makes a one-entry root, which always fits, so this loop ends.
    if (attempt.root.length <= rootByteLimit || attempt.leafCount === 1) return attempt;
    entriesPerLeaf = Math.ceil(entriesPerLeaf * LEAF_GROWTH);
  }
}

function splitIntoLeaves(entries: readonly DirectoryEntry[], entriesPerLeaf: number): DirectoryLayout {
  const leafBlobs: Uint8Array[] = [];
  const rootEntries: DirectoryEntry[] = [];
  let leafOffset = 0;
  for (let start = 0; start < entries.length; start += entriesPerLeaf) {
    const leaf = gzipDirectory(encodeDirectory(entries.slice(start, start + entriesPerLeaf)));
    rootEntries.push({ tileId: entries[start].tileId, offset: leafOffset, length: leaf.length, runLength: 0 });
    leafBlobs.push(leaf);
    leafOffset += leaf.length;
  }
  return {
    root: gzipDirectory(encodeDirectory(rootEntries)),
    leaves: Buffer.concat(leafBlobs),
    leafCount: leafBlobs.length,
    entriesPerLeaf,
  };
}
