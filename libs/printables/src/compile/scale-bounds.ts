/** Scales of drawings compile can bound without rendering (hole and course art, pin-sheet cells). */
import type { Course, Hole, LonLat } from '@caddie/catalog';
import { haversineDistance } from '@caddie/geometry';
import { METERS_PER_INCH } from './green-framing';
import { pinSheetGrid, sheetFrames, type RectIn } from './page-layout';

/**
 * The largest scale any drawing that shows both ends of the hole (or the whole course) inside the
 * frame can have is frame diagonal / ground distance: returned as the smallest possible N of 1:N.
 */
export function holeArtScaleBound(course: Course, hole: Hole | null, frame: Pick<RectIn, 'width' | 'height'>): number {
  const points: LonLat[] = hole ? [hole.centerline[0], hole.centerline[hole.centerline.length - 1]] : courseCorners(course);
  let ground = 0;
  for (let i = 0; i < points.length; i++) for (let j = i + 1; j < points.length; j++) ground = Math.max(ground, haversineDistance(points[i], points[j]));
  const diagonalM = Math.hypot(frame.width, frame.height) * METERS_PER_INCH;
  return Math.floor(ground / diagonalM);
}

function courseCorners(course: Course): LonLat[] {
  const points = course.holes.flatMap((h) => h.centerline);
  if (points.length === 0) return [[0, 0]];
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  return [
    [Math.min(...lons), Math.min(...lats)],
    [Math.max(...lons), Math.max(...lats)],
  ];
}

/** rows of text under each green of a pin sheet (hole, pace fields) */
export const PIN_CELL_LABEL_IN = 0.42;

/** The green frame of one pin-sheet cell (size only; the renderer places it). */
export function pinCellFrame(widthIn: number, heightIn: number): { width: number; height: number } {
  const { columns, rows } = pinSheetGrid(widthIn, heightIn);
  const body = pinSheetBody(widthIn, heightIn);
  const cellWidth = body.width / columns;
  const cellHeight = body.height / rows;
  return { width: cellWidth - 0.2, height: cellHeight - PIN_CELL_LABEL_IN - 0.12 };
}

export function pinSheetBody(widthIn: number, heightIn: number): RectIn {
  const frames = sheetFrames(widthIn, heightIn, 0);
  // the scale bar line sits under the cells
  if (widthIn >= 8) return { ...frames.art, height: frames.art.height - 0.3 };
  // pocket and A6 sheets: book margins and a smaller header
  const margin = 0.22;
  return { x: margin, y: margin + 0.5, width: widthIn - 2 * margin, height: heightIn - 2 * margin - 0.5 - 0.55 };
}
