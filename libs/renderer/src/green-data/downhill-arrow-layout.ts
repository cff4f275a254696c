import { distanceToGreenEdge, insideGreen } from './green-outline';
import { puttingCellCenter, sampleSurfaceField, type PuttingSurface } from './putting-surface';
import { seededSequence } from './seeded-sequence';

export type BreakLayout = 'grid' | 'fluid';
export type BreakDensity = 'light' | 'medium' | 'high';

/** Distance between neighbouring arrows on the ground, per density. */
export const BREAK_SPACING_METERS: Record<BreakDensity, number> = { light: 3.2, medium: 2.2, high: 1.5 };
/**
 * Green-book spacing: arrows never crowd closer than this on paper (millimetres when the default
 * green is printed at 300 dpi, i.e. 4 inches), whatever the zoom; densities stay distinct.
 */
export const MIN_BREAK_SPACING_MM: Record<BreakDensity, number> = { light: 11, medium: 8.5, high: 6.5 };
/** Output pixels per millimetre of the default size printed at 300 dpi (OutputScale.mm(1) at the default size). */
export const DEFAULT_PIXELS_PER_MM = 300 / 25.4;
/** Below 0.5 % a putt does not visibly break: no arrow. */
export const NEGLIGIBLE_SLOPE = 0.005;
// Bound once: a global `Math` lookup per call is slow inside vm sandboxes (Jest), and Bridson loops are hot.
const { cos, floor, sin, PI } = Math;

/** Slope at which an arrow reaches its full length. */
const FULL_LENGTH_SLOPE = 0.04;

/** One arrow in the local frame of the surface, centred on (x, y). */
export interface DownhillArrow {
  x: number;
  y: number;
  /** unit downhill direction, east and north components */
  east: number;
  north: number;
  /** rise per metre at the arrow (0.02 = 2 %) */
  slope: number;
  lengthMeters: number;
}

export interface DownhillArrowLayoutOptions {
  layout: BreakLayout;
  density: BreakDensity;
  pixelsPerMeter: number;
  /** output pixels per green-book millimetre (OutputScale.mm(1)); the default size's when absent */
  pixelsPerMm?: number;
  /**
   * Local-frame unit vector that points right on the image, so a grid lattice lines up
   * with the picture even when the green is rotated. Defaults to east.
   */
  imageRight?: [number, number];
}

export function breakSpacingMeters(density: BreakDensity, pixelsPerMeter: number, pixelsPerMm = DEFAULT_PIXELS_PER_MM): number {
  const floor = pixelsPerMeter > 0 ? (MIN_BREAK_SPACING_MM[density] * pixelsPerMm) / pixelsPerMeter : 0;
  return Math.max(BREAK_SPACING_METERS[density], floor);
}

/** Ground length of an arrow at `slope` (rise per metre) among arrows `spacing` metres apart: longer up to FULL_LENGTH_SLOPE. */
export function downhillArrowLengthMeters(spacing: number, slope: number): number {
  return spacing * (0.55 + 0.3 * Math.min(1, slope / FULL_LENGTH_SLOPE));
}

/** Places downhill arrows inside the green; deterministic for the same surface and options. */
export function layoutDownhillArrows(surface: PuttingSurface, options: DownhillArrowLayoutOptions): DownhillArrow[] {
  const spacing = breakSpacingMeters(options.density, options.pixelsPerMeter, options.pixelsPerMm);
  const edgeInset = spacing * 0.3;
  // The cell distance field is exact at cell centres and close between them; the arrow ends are checked exactly.
  const fits = (x: number, y: number) => sampleSurfaceField(surface, surface.edgeDistance, x, y) >= edgeInset;
  const sites = options.layout === 'grid' ? latticeSites(surface, spacing, options.imageRight ?? [1, 0], fits) : poissonSites(surface, spacing, fits);
  const arrows: DownhillArrow[] = [];
  for (const [x, y] of sites) {
    const arrow = arrowAt(surface, x, y, spacing);
    if (arrow) arrows.push(arrow);
  }
  return arrows;
}

function arrowAt(surface: PuttingSurface, x: number, y: number, spacing: number): DownhillArrow | null {
  const gx = sampleSurfaceField(surface, surface.gradientEast, x, y);
  const gy = sampleSurfaceField(surface, surface.gradientNorth, x, y);
  const slope = Math.hypot(gx, gy);
  if (!(slope >= NEGLIGIBLE_SLOPE)) return null;
  const east = -gx / slope;
  const north = -gy / slope;
  const full = downhillArrowLengthMeters(spacing, slope);
  // An arrow that would cross the edge is shortened once, then dropped: arrows stay on the green.
  for (const lengthMeters of [full, full * 0.65]) {
    const half = lengthMeters / 2;
    const ends: [number, number][] = [
      [x - east * half, y - north * half],
      [x + east * half, y + north * half],
    ];
    const inset = spacing * 0.08;
    if (ends.every(([ex, ey]) => insideGreen(surface.greenRingsMeters, ex, ey) && distanceToGreenEdge(surface.greenRingsMeters, ex, ey) >= inset)) {
      return { x, y, east, north, slope, lengthMeters };
    }
  }
  return null;
}

/** Centroid of the inside cells: lattices and seeds start there so the pattern sits centred. */
function insideCentroid(surface: PuttingSurface): [number, number] {
  let sx = 0;
  let sy = 0;
  let count = 0;
  for (let row = 0; row < surface.rows; row++) {
    for (let col = 0; col < surface.columns; col++) {
      if (!surface.insideGreen[row * surface.columns + col]) continue;
      const [x, y] = puttingCellCenter(surface, row, col);
      sx += x;
      sy += y;
      count++;
    }
  }
  return count > 0 ? [sx / count, sy / count] : [0, 0];
}

function latticeSites(surface: PuttingSurface, spacing: number, imageRight: [number, number], fits: (x: number, y: number) => boolean): [number, number][] {
  const norm = Math.hypot(imageRight[0], imageRight[1]) || 1;
  const ax: [number, number] = [imageRight[0] / norm, imageRight[1] / norm];
  const ay: [number, number] = [-ax[1], ax[0]];
  const [cx, cy] = insideCentroid(surface);
  const reach = Math.hypot(surface.columns, surface.rows) * surface.cellSizeMeters;
  const steps = Math.ceil(reach / spacing);
  const sites: [number, number][] = [];
  for (let j = steps; j >= -steps; j--) {
    for (let i = -steps; i <= steps; i++) {
      const x = cx + (i * ax[0] + j * ay[0]) * spacing;
      const y = cy + (i * ax[1] + j * ay[1]) * spacing;
      if (fits(x, y)) sites.push([x, y]);
    }
  }
  return sites;
}

/**
 * Bridson Poisson-disc sampling over the green: organic, evenly spread sites that read as
 * a flow field rather than a lattice. Every disconnected part is seeded by scanning the cells.
 */
function poissonSites(surface: PuttingSurface, spacing: number, fits: (x: number, y: number) => boolean): [number, number][] {
  const random = seededSequence(0x9e3779b1 ^ Math.imul(surface.columns, 73856093) ^ Math.imul(surface.rows, 19349663));
  const radius = spacing;
  const radiusSquared = radius * radius;
  const bucket = radius / Math.SQRT2;
  const minX = surface.westMeters;
  const maxY = surface.northMeters;
  const bucketColumns = Math.ceil((surface.columns * surface.cellSizeMeters) / bucket) + 1;
  const bucketRows = Math.ceil((surface.rows * surface.cellSizeMeters) / bucket) + 1;
  const buckets = new Int32Array(bucketColumns * bucketRows).fill(-1);
  const sites: [number, number][] = [];
  const bucketOf = (x: number, y: number): number => {
    const c = floor((x - minX) / bucket);
    const r = floor((maxY - y) / bucket);
    return c < 0 || r < 0 || c >= bucketColumns || r >= bucketRows ? -1 : r * bucketColumns + c;
  };
  const free = (x: number, y: number): boolean => {
    const c = floor((x - minX) / bucket);
    const r = floor((maxY - y) / bucket);
    for (let rr = Math.max(0, r - 2); rr <= Math.min(bucketRows - 1, r + 2); rr++) {
      for (let cc = Math.max(0, c - 2); cc <= Math.min(bucketColumns - 1, c + 2); cc++) {
        const index = buckets[rr * bucketColumns + cc];
        if (index < 0) continue;
        const dx = sites[index][0] - x;
        const dy = sites[index][1] - y;
        if (dx * dx + dy * dy < radiusSquared) return false;
      }
    }
    return true;
  };
  const accept = (x: number, y: number): boolean => {
    const slot = bucketOf(x, y);
    if (slot < 0 || !free(x, y) || !fits(x, y)) return false;
    buckets[slot] = sites.length;
    sites.push([x, y]);
    return true;
  };
  const grow = (seedIndex: number) => {
    const active = [seedIndex];
    while (active.length > 0) {
      const pick = floor(random() * active.length);
      const [px, py] = sites[active[pick]];
      let placed = false;
      for (let attempt = 0; attempt < 24; attempt++) {
        const angle = random() * 2 * PI;
        const distance = radius * (1 + random());
        if (accept(px + cos(angle) * distance, py + sin(angle) * distance)) {
          active.push(sites.length - 1);
          placed = true;
        }
      }
      if (!placed) active.splice(pick, 1);
    }
  };
  const [cx, cy] = insideCentroid(surface);
  if (accept(cx, cy)) grow(sites.length - 1);
  for (let row = 0; row < surface.rows; row++) {
    for (let col = 0; col < surface.columns; col++) {
      if (!surface.insideGreen[row * surface.columns + col]) continue;
      const [x, y] = puttingCellCenter(surface, row, col);
      if (accept(x, y)) grow(sites.length - 1);
    }
  }
  return sites;
}
