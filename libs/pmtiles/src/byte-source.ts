/** Random access to an archive's bytes: a file, an object store with range reads, or memory. */
export interface ByteSource {
  /** Returns exactly `length` bytes starting at `offset`, or fewer only at the end of the archive. */
  getBytes(offset: number, length: number): Promise<Uint8Array>;
}

/** A ByteSource over an archive already in memory. */
export function inMemoryByteSource(archive: Uint8Array): ByteSource {
  return {
    getBytes: async (offset, length) => archive.subarray(offset, offset + length),
  };
}
