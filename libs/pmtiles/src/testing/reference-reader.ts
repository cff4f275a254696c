import { gunzipSync } from 'node:zlib';
import { PMTiles, type Source } from 'pmtiles';

/**
 * Opens an archive with the `pmtiles` package, the reference reader written by the format's
 * authors, so tests check this lib against an independent implementation.
 */
export function referenceReader(archive: Uint8Array): PMTiles {
  const source: Source = {
    getKey: () => 'in-memory-archive',
    getBytes: async (offset, length) => {
      // Copy through Uint8Array: Buffer#slice would share the whole archive's ArrayBuffer.
      const copy = new Uint8Array(archive.subarray(offset, offset + length));
      return { data: copy.buffer };
    },
  };
  // node:zlib instead of the package's default DecompressionStream, which test sandboxes may lack.
  return new PMTiles(source, undefined, async (buffer, compression) => {
    if (compression === 1) return buffer;
    if (compression !== 2) throw new Error(`test reader cannot decompress ${compression}`);
    const out = gunzipSync(new Uint8Array(buffer));
    return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength);
  });
}
