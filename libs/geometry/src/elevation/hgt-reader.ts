import { unzipSync } from 'fflate';
import { DemError, type DemRaster } from './dem-raster';

export const HGT_VOID = -32768;

const HGT_SIZES: Record<number, { samples: number; kind: 'srtm1' | 'srtm3' }> = {
  [1201 * 1201 * 2]: { samples: 1201, kind: 'srtm3' },
  [3601 * 3601 * 2]: { samples: 3601, kind: 'srtm1' },
};

export interface HgtTileOrigin {
  /** latitude of the southern edge, degrees */
  south: number;
  /** longitude of the western edge, degrees */
  west: number;
  /** canonical tile name, e.g. 'N55W004' */
  name: string;
}

/** Reads the south-west corner from an SRTM tile name such as `N55W004.hgt` or `s01e036.hgt.zip`. */
export function parseHgtTileName(fileName: string): HgtTileOrigin {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const match = /([NS])(\d{2})([EW])(\d{3})/i.exec(base);
  if (!match) {
    throw new DemError('hgt-name-invalid', `cannot read the tile corner from "${fileName}" (expected e.g. N55W004.hgt)`);
  }
  const south = Number(match[2]) * (match[1].toUpperCase() === 'S' ? -1 : 1);
  const west = Number(match[4]) * (match[3].toUpperCase() === 'W' ? -1 : 1);
  if (south < -90 || south >= 90 || west < -180 || west >= 180) {
    throw new DemError('hgt-name-invalid', `tile corner out of range in "${fileName}"`);
  }
  return { south, west, name: match[0].toUpperCase() };
}

/**
 * Parses a raw SRTM `.hgt` tile: a square of signed 16-bit big-endian heights, north row
 * first, whose edge samples lie exactly on the whole-degree lines of the tile name.
 */
export function readHgt(bytes: Uint8Array, fileName: string): DemRaster {
  const size = HGT_SIZES[bytes.byteLength];
  if (!size) {
    throw new DemError('hgt-size-invalid', `${fileName}: ${bytes.byteLength} bytes is neither SRTM3 (1201x1201) nor SRTM1 (3601x3601)`);
  }
  const origin = parseHgtTileName(fileName);
  const n = size.samples;
  const values = new Int16Array(n * n);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < values.length; i++) values[i] = view.getInt16(i * 2, false);
  const step = 1 / (n - 1);
  return {
    width: n,
    height: n,
    originLon: origin.west,
    originLat: origin.south + 1,
    lonStep: step,
    latStep: step,
    values,
    noData: HGT_VOID,
    source: `${size.kind}:${origin.name}`,
  };
}

/** Reads the single `.hgt` entry of a zip archive (the usual SRTM distribution form). */
export function readHgtZip(bytes: Uint8Array, fileName = ''): DemRaster {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, { filter: (file) => /\.hgt$/i.test(file.name) });
  } catch (error) {
    throw new DemError('hgt-zip-invalid', `${fileName || 'zip'}: not a readable zip archive (${String(error)})`);
  }
  const names = Object.keys(entries);
  if (names.length !== 1) {
    throw new DemError('hgt-zip-invalid', `${fileName || 'zip'}: expected one .hgt entry, found ${names.length}`);
  }
  // Some archives name the entry generically; the archive name then carries the tile corner.
  const tileName = /[NS]\d{2}[EW]\d{3}/i.test(names[0]) ? names[0] : fileName;
  return readHgt(entries[names[0]], tileName);
}
