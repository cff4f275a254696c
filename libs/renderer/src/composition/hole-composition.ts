/**
 * Hole frames (Graphics rules 1 and 11). Play runs bottom -> top in portrait and sideways in
 * landscape. The tee-side and flag-side content edges are the measured envelope's extremes along
 * the tee -> flag line; a similarity maps them onto their targets: the padding bands at the
 * anchor positions (preset) or the requested percentages (exact). Preset then shrinks about the
 * midpoint of the two targets and shifts until the whole envelope sits inside the padding.
 */
import type { Course, Hole } from '@caddie/catalog';
import { LocalProjection, type LonLat } from '@caddie/geometry';
import type { NormalizedGraphicRequest } from '@caddie/styles';
import { GraphicDataMissingError } from '../render/graphic-data-missing-error';
import { flagPoint, teePoint } from './course-geometry';
import { boxOf, overflowOf, paddingInPixels, uniformPadding, DEFAULT_PADDING_FRACTION, type Composition, type PaddingPixels } from './framing';
import { envelopePixelBounds, envelopeSupport, classicHoleShapes, perimeterShapes, type EnvelopeShape } from './perimeter-shapes';
import { similarityThrough, ViewTransform, type AffineMatrix, type Point2 } from './view-transform';

const ANCHOR_FRACTION: Record<string, number> = { left: 0.25, top: 0.25, middle: 0.5, right: 0.75, bottom: 0.75 };

export interface HoleFrameSettings {
  width: number;
  height: number;
  layout: 'portrait' | 'landscape';
  teeSide: 'left' | 'right';
  flagAnchor: string;
  teeAnchor: string;
  mode: 'preset' | 'exact';
  padding: PaddingPixels;
  /** percentages of width/height */
  flagTarget?: { x?: number; y?: number };
  teeTarget?: { x?: number; y?: number };
}

export function holeFrameSettings(request: NormalizedGraphicRequest): HoleFrameSettings {
  const { width, height } = request.output;
  const c = request.composition;
  return {
    width,
    height,
    layout: c?.layout ?? 'portrait',
    teeSide: c?.teeSide ?? 'left',
    flagAnchor: c?.flagAnchor ?? 'middle',
    teeAnchor: c?.teeAnchor ?? 'middle',
    mode: c?.mode ?? 'preset',
    padding: c ? paddingInPixels(c.padding, width, height) : uniformPadding(width, height, DEFAULT_PADDING_FRACTION),
    flagTarget: c?.flagTarget,
    teeTarget: c?.teeTarget,
  };
}

export function requireHole(course: Course, holeNumber: number): Hole {
  const hole = course.holes.find((h) => h.number === holeNumber);
  if (!hole) throw new GraphicDataMissingError('hole-not-found', `course ${course.id} has no hole ${holeNumber}`);
  if (hole.centerline.length < 2) throw new GraphicDataMissingError('hole-geometry-missing', `hole ${holeNumber} has no play line`);
  const [t, f] = [teePoint(hole), flagPoint(hole)];
  if (t[0] === f[0] && t[1] === f[1]) throw new GraphicDataMissingError('hole-geometry-missing', `hole ${holeNumber} has a zero-length play line`);
  return hole;
}

/** Preset targets of the tee-side and flag-side content edges. */
function presetTargets(s: HoleFrameSettings): { tee: Point2; flag: Point2 } {
  const { width: W, height: H, padding: p } = s;
  if (s.layout === 'portrait') {
    return { tee: [ANCHOR_FRACTION[s.teeAnchor] * W, H - p.bottom], flag: [ANCHOR_FRACTION[s.flagAnchor] * W, p.top] };
  }
  const left = p.left;
  const right = W - p.right;
  const tee: Point2 = [s.teeSide === 'left' ? left : right, ANCHOR_FRACTION[s.teeAnchor] * H];
  const flag: Point2 = [s.teeSide === 'left' ? right : left, ANCHOR_FRACTION[s.flagAnchor] * H];
  return { tee, flag };
}

/** Frames the segment tee -> flag of the envelope; used by holes and hole regions. */
export function frameAlongLine(
  origin: LonLat,
  shapes: EnvelopeShape[],
  tee: Point2,
  flag: Point2,
  s: HoleFrameSettings,
): { matrix: AffineMatrix; bounds: ReturnType<typeof envelopePixelBounds> } {
  const len = Math.hypot(flag[0] - tee[0], flag[1] - tee[1]);
  const u: Point2 = [(flag[0] - tee[0]) / len, (flag[1] - tee[1]) / len];
  const dot = (p: Point2) => p[0] * u[0] + p[1] * u[1];
  const back = -envelopeSupport(shapes, [-u[0], -u[1]]);
  const ahead = envelopeSupport(shapes, u);
  const teeEdge: Point2 = [tee[0] + u[0] * (back - dot(tee)), tee[1] + u[1] * (back - dot(tee))];
  const flagEdge: Point2 = [flag[0] + u[0] * (ahead - dot(flag)), flag[1] + u[1] * (ahead - dot(flag))];

  const preset = presetTargets(s);
  const pct = (v: number | undefined, dim: number, fallback: number) => (v === undefined ? fallback : (v / 100) * dim);
  const teeTarget: Point2 = s.mode === 'exact' ? [pct(s.teeTarget?.x, s.width, preset.tee[0]), pct(s.teeTarget?.y, s.height, preset.tee[1])] : preset.tee;
  const flagTarget: Point2 = s.mode === 'exact' ? [pct(s.flagTarget?.x, s.width, preset.flag[0]), pct(s.flagTarget?.y, s.height, preset.flag[1])] : preset.flag;
  if (teeTarget[0] === flagTarget[0] && teeTarget[1] === flagTarget[1]) {
    // coincident targets carry no scale; fall back to the preset span so nothing degenerates
    teeTarget[0] = preset.tee[0];
    teeTarget[1] = preset.tee[1];
    flagTarget[0] = preset.flag[0];
    flagTarget[1] = preset.flag[1];
  }
  let matrix = similarityThrough([teeEdge, flagEdge], [teeTarget, flagTarget]);
  let bounds = envelopePixelBounds(shapes, matrix);
  if (s.mode === 'preset') {
    const box = { minX: s.padding.left, minY: s.padding.top, maxX: s.width - s.padding.right, maxY: s.height - s.padding.bottom };
    const k = Math.min(1, (box.maxX - box.minX) / (bounds.maxX - bounds.minX), (box.maxY - box.minY) / (bounds.maxY - bounds.minY));
    const pivot: Point2 = [(teeTarget[0] + flagTarget[0]) / 2, (teeTarget[1] + flagTarget[1]) / 2];
    matrix = scaleAbout(matrix, k, pivot);
    bounds = envelopePixelBounds(shapes, matrix);
    const shift = (min: number, max: number, lo: number, hi: number) => (min < lo ? lo - min : max > hi ? hi - max : 0);
    const dx = shift(bounds.minX, bounds.maxX, box.minX - 1e-9, box.maxX + 1e-9);
    const dy = shift(bounds.minY, bounds.maxY, box.minY - 1e-9, box.maxY + 1e-9);
    matrix = [matrix[0], matrix[1], matrix[2], matrix[3], matrix[4] + dx, matrix[5] + dy];
    bounds = envelopePixelBounds(shapes, matrix);
  }
  return { matrix, bounds };
}

export function scaleAbout(m: AffineMatrix, k: number, pivot: Point2): AffineMatrix {
  return [m[0] * k, m[1] * k, m[2] * k, m[3] * k, pivot[0] + (m[4] - pivot[0]) * k, pivot[1] + (m[5] - pivot[1]) * k];
}

export function holeOrigin(hole: Hole): LonLat {
  const [w, s, e, n] = hole.bounds;
  return [(w + e) / 2, (s + n) / 2];
}

export function composeHole(course: Course, hole: Hole, settings: HoleFrameSettings, perimeterTreatment: string): Composition {
  const origin = holeOrigin(hole);
  const projection = new LocalProjection(origin);
  const mask = perimeterShapes(course, hole, projection, perimeterTreatment);
  // the measured envelope is the mask; edge-to-edge (`none`) still frames the Classic shape
  const measured = mask ?? classicHoleShapes(course, hole, projection);
  const tee = projection.toMeters(teePoint(hole)) as Point2;
  const flag = projection.toMeters(flagPoint(hole)) as Point2;
  const { matrix, bounds } = frameAlongLine(origin, measured, tee, flag, settings);
  return {
    transform: new ViewTransform(origin, matrix),
    contentBounds: boxOf(bounds),
    overflow: overflowOf(bounds, settings.width, settings.height),
    mask,
  };
}
