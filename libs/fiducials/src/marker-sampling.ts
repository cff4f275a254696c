import { applyHomography, fitHomography } from './homography';
import { MARKER_MODULES, type MarkerModules } from './marker-dictionary';
import { sampleBilinear, type GreyImage, type Point } from './pixel-image';

export interface MarkerSignal {
  /** Modules (data bits and border) read on the wrong side of the black/white threshold. */
  bitErrors: number;
  /** (white module mean - black module mean) / 255, 0..1. */
  contrast: number;
  pixelsPerModule: number;
}

const UNIT_CORNERS: Point[] = [
  { x: 0, y: 0 },
  { x: MARKER_MODULES, y: 0 },
  { x: MARKER_MODULES, y: MARKER_MODULES },
  { x: 0, y: MARKER_MODULES },
];

/**
 * Re-reads a decoded marker at full resolution: each module is the mean of a 3x3 grid over its
 * central half (away from blurred module edges) and is compared with the dictionary code.
 */
export function measureMarker(image: GreyImage, corners: readonly Point[], expected: MarkerModules): MarkerSignal {
  const sides = corners.map((p, i) => Math.hypot(corners[(i + 1) % 4].x - p.x, corners[(i + 1) % 4].y - p.y));
  const pixelsPerModule = sides.reduce((s, v) => s + v, 0) / 4 / MARKER_MODULES;
  const toImage = fitHomography(UNIT_CORNERS, corners);
  if (!toImage) return { bitErrors: MARKER_MODULES * MARKER_MODULES, contrast: 0, pixelsPerModule };
  const values: number[][] = [];
  for (let row = 0; row < MARKER_MODULES; row++) {
    const line: number[] = [];
    for (let col = 0; col < MARKER_MODULES; col++) {
      let sum = 0;
      for (const dy of [-0.25, 0, 0.25]) {
        for (const dx of [-0.25, 0, 0.25]) {
          const p = applyHomography(toImage, { x: col + 0.5 + dx, y: row + 0.5 + dy });
          sum += sampleBilinear(image, p.x, p.y);
        }
      }
      line.push(sum / 9);
    }
    values.push(line);
  }
  let white = 0;
  let whiteCount = 0;
  let black = 0;
  let blackCount = 0;
  for (let row = 0; row < MARKER_MODULES; row++) {
    for (let col = 0; col < MARKER_MODULES; col++) {
      if (expected[row][col]) {
        white += values[row][col];
        whiteCount++;
      } else {
        black += values[row][col];
        blackCount++;
      }
    }
  }
  const whiteMean = whiteCount ? white / whiteCount : 255;
  const blackMean = blackCount ? black / blackCount : 0;
  const threshold = (whiteMean + blackMean) / 2;
  let bitErrors = 0;
  for (let row = 0; row < MARKER_MODULES; row++) {
    for (let col = 0; col < MARKER_MODULES; col++) {
      if (values[row][col] > threshold !== expected[row][col]) bitErrors++;
    }
  }
  const contrast = Math.min(1, Math.max(0, (whiteMean - blackMean) / 255));
  return { bitErrors, contrast, pixelsPerModule };
}
