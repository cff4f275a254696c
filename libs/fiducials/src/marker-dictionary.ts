import type { GreyImage } from './pixel-image';
import { loadOpenCv, type OpenCv } from './open-cv-runtime';

/** ArUco 6x6 family: 36 data bits, min Hamming distance 11 between any two rotated codes. */
export const MARKER_FAMILY = 'aruco-6x6-250';
export const MARKER_DATA_BITS = 6;
/** Data bits plus the one-module black border on each side. */
export const MARKER_MODULES = MARKER_DATA_BITS + 2;
export const MARKER_DICTIONARY_SIZE = 250;

export class MarkerIdError extends Error {
  readonly code = 'invalid-marker-id';
}

/** Module grid of one marker, border included: `true` is a white module. */
export type MarkerModules = boolean[][];

/**
 * The dictionary's codes, read once from OpenCV by rendering each marker at one pixel per
 * module (this avoids depending on the packed `bytesList` layout of the JS binding).
 */
export class MarkerDictionary {
  private readonly modules = new Map<number, MarkerModules>();

  constructor(private readonly cv: OpenCv) {}

  markerModules(id: number): MarkerModules {
    if (!Number.isInteger(id) || id < 0 || id >= MARKER_DICTIONARY_SIZE) {
      throw new MarkerIdError(`marker id ${id} is outside ${MARKER_FAMILY}`);
    }
    let grid = this.modules.get(id);
    if (!grid) {
      const dictionary = this.cv.getPredefinedDictionary(this.cv.DICT_6X6_250);
      const image = new this.cv.Mat();
      try {
        dictionary.generateImageMarker(id, MARKER_MODULES, image, 1);
        const pixels = image.data;
        grid = [];
        for (let row = 0; row < MARKER_MODULES; row++) {
          const line: boolean[] = [];
          for (let col = 0; col < MARKER_MODULES; col++) line.push(pixels[row * MARKER_MODULES + col] > 127);
          grid.push(line);
        }
      } finally {
        image.delete();
        dictionary.delete();
      }
      this.modules.set(id, grid);
    }
    return grid;
  }

  /** The 6x6 data bits (row-major, 1 = white), border excluded. */
  markerBits(id: number): number[][] {
    return this.markerModules(id)
      .slice(1, -1)
      .map((row) => row.slice(1, -1).map((white) => (white ? 1 : 0)));
  }

  /**
   * Printable marker: black border plus data modules, surrounded by `quietModules` of white
   * (detection needs at least one white module around the border).
   */
  renderMarker(id: number, modulePx: number, quietModules = 1): GreyImage {
    if (!Number.isInteger(modulePx) || modulePx < 1) throw new MarkerIdError(`modulePx must be a positive integer`);
    const grid = this.markerModules(id);
    const side = (MARKER_MODULES + 2 * quietModules) * modulePx;
    const data = new Uint8Array(side * side).fill(255);
    for (let row = 0; row < MARKER_MODULES; row++) {
      for (let col = 0; col < MARKER_MODULES; col++) {
        if (grid[row][col]) continue;
        const y0 = (row + quietModules) * modulePx;
        const x0 = (col + quietModules) * modulePx;
        for (let y = y0; y < y0 + modulePx; y++) data.fill(0, y * side + x0, y * side + x0 + modulePx);
      }
    }
    return { data, width: side, height: side };
  }
}

let shared: Promise<MarkerDictionary> | undefined;

export function loadMarkerDictionary(): Promise<MarkerDictionary> {
  shared ??= loadOpenCv().then((cv) => new MarkerDictionary(cv));
  return shared;
}

/** Data bits of marker `id` for the printable cards. */
export async function markerBits(id: number): Promise<number[][]> {
  return (await loadMarkerDictionary()).markerBits(id);
}

/** Grey image of marker `id` at `modulePx` pixels per module, with a one-module quiet zone. */
export async function renderMarker(id: number, modulePx: number, quietModules = 1): Promise<GreyImage> {
  return (await loadMarkerDictionary()).renderMarker(id, modulePx, quietModules);
}
