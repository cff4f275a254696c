import type { CapturePage, MarkerPlacement, MarkerRole } from './capture-geometry';
import type { CaptureDefinition } from './design-catalog';
import { applyHomography, fitHomography, invertHomography, type Homography } from './homography';
import type { DetectedMarker } from './marker-detector';
import type { Point } from './pixel-image';

/** A detected marker placed on its capture, with its fit residual. */
export interface MatchedMarker {
  marker: DetectedMarker;
  placement: MarkerPlacement;
  /** Largest distance between a detected corner and its reprojection through the page homography. */
  reprojectionErrorPixels: number;
}

export interface QuadCorners {
  topLeft: Point;
  topRight: Point;
  bottomRight: Point;
  bottomLeft: Point;
}

export interface RegisteredPage {
  page: CapturePage;
  /** Source pixels to canonical capture pixels (pixel centres at integers in both). */
  sourceToCanonical: Homography;
  canonicalToSource: Homography;
  /** The page rectangle's corners in the source photo. */
  sourceCorners: QuadCorners;
  reprojectionRmsPixels: number;
  reprojectionMaxPixels: number;
}

export interface CaptureRegistration {
  capture: CaptureDefinition;
  matched: MatchedMarker[];
  pages: RegisteredPage[];
  /** One transform for the whole surface; for spreads the per-page transforms are exact across a bent fold. */
  sourceToCanonical: Homography;
  canonicalToSource: Homography;
  sourceCorners: QuadCorners;
  /** Angle of the surface's top edge in the photo, degrees, clockwise positive in image coordinates. */
  rotationDegrees: number;
  reprojectionRmsPixels: number;
  reprojectionMaxPixels: number;
  /** Max residual divided by the mean marker side: how well the markers fit one printed surface. */
  fitScore: number;
  /** Smallest marker foreshortening (cosine of the estimated view tilt). */
  minForeshortening: number;
}

export type RegistrationFailure = { reason: 'degenerate' | 'too-steep' | 'not-convex' | 'misfit'; detail: string };

/** Residuals above this fraction of a marker side mean the markers are not one flat printed page. */
export const MAX_FIT_RESIDUAL_PER_MARKER_SIDE = 0.1;
/** cos(65 deg): markers squashed more than this are viewed too steeply to read cells. */
export const MIN_FORESHORTENING = Math.cos((65 * Math.PI) / 180);
const MIN_CORNER_ANGLE_DEGREES = 25;

export function canonicalPoint(capture: CaptureDefinition, xMm: number, yMm: number): Point {
  return { x: xMm * capture.pixelsPerMm - 0.5, y: yMm * capture.pixelsPerMm - 0.5 };
}

export function markerCanonicalCorners(capture: CaptureDefinition, p: MarkerPlacement): Point[] {
  return [
    canonicalPoint(capture, p.xMm, p.yMm),
    canonicalPoint(capture, p.xMm + p.sizeMm, p.yMm),
    canonicalPoint(capture, p.xMm + p.sizeMm, p.yMm + p.sizeMm),
    canonicalPoint(capture, p.xMm, p.yMm + p.sizeMm),
  ];
}

function rectCorners(capture: CaptureDefinition, x: number, y: number, w: number, h: number): Point[] {
  return [canonicalPoint(capture, x, y), canonicalPoint(capture, x + w, y), canonicalPoint(capture, x + w, y + h), canonicalPoint(capture, x, y + h)];
}

function asQuad(points: Point[]): QuadCorners {
  return { topLeft: points[0], topRight: points[1], bottomRight: points[2], bottomLeft: points[3] };
}

/** cos of the view tilt estimated from one marker: ratio of the singular values of its affine frame. */
export function foreshortening(corners: readonly Point[]): number {
  const [tl, tr, br, bl] = corners;
  const ax = (tr.x - tl.x + br.x - bl.x) / 2;
  const ay = (tr.y - tl.y + br.y - bl.y) / 2;
  const bx = (bl.x - tl.x + br.x - tr.x) / 2;
  const by = (bl.y - tl.y + br.y - tr.y) / 2;
  const a = ax * ax + ay * ay;
  const d = bx * bx + by * by;
  const b = ax * bx + ay * by;
  const mean = (a + d) / 2;
  const spread = Math.sqrt(((a - d) / 2) ** 2 + b * b);
  const high = Math.sqrt(mean + spread);
  const low = Math.sqrt(Math.max(0, mean - spread));
  return high > 0 ? low / high : 0;
}

/** Convex, clockwise in image coordinates (as printed, not mirrored), with no collapsed corner. */
function quadShapeProblem(q: Point[]): string | undefined {
  for (let i = 0; i < 4; i++) {
    const prev = q[(i + 3) % 4];
    const here = q[i];
    const next = q[(i + 1) % 4];
    const ux = prev.x - here.x;
    const uy = prev.y - here.y;
    const vx = next.x - here.x;
    const vy = next.y - here.y;
    const cross = (next.x - here.x) * (prev.y - here.y) - (next.y - here.y) * (prev.x - here.x);
    if (cross <= 0) return 'page corners are not a convex clockwise quadrilateral';
    const angle = (Math.acos(Math.max(-1, Math.min(1, (ux * vx + uy * vy) / (Math.hypot(ux, uy) * Math.hypot(vx, vy) || 1)))) * 180) / Math.PI;
    if (angle < MIN_CORNER_ANGLE_DEGREES || angle > 180 - MIN_CORNER_ANGLE_DEGREES) return `page corner angle ${angle.toFixed(0)} deg is too acute`;
  }
  return undefined;
}

interface PageFit {
  canonicalToSource: Homography;
  errors: Map<MarkerRole, number>;
  squared: number;
  count: number;
}

function fitMarkers(capture: CaptureDefinition, markers: Map<MarkerRole, DetectedMarker>, roles: readonly MarkerRole[]): PageFit | undefined {
  const canonical: Point[] = [];
  const source: Point[] = [];
  for (const role of roles) {
    const placement = capture.markers.find((m) => m.role === role) as MarkerPlacement;
    canonical.push(...markerCanonicalCorners(capture, placement));
    source.push(...(markers.get(role) as DetectedMarker).corners);
  }
  const h = fitHomography(canonical, source);
  if (!h) return undefined;
  const errors = new Map<MarkerRole, number>();
  let squared = 0;
  roles.forEach((role, r) => {
    let worst = 0;
    for (let k = 0; k < 4; k++) {
      const p = applyHomography(h, canonical[r * 4 + k]);
      const e = Math.hypot(p.x - source[r * 4 + k].x, p.y - source[r * 4 + k].y);
      squared += e * e;
      worst = Math.max(worst, e);
    }
    errors.set(role, worst);
  });
  return { canonicalToSource: h, errors, squared, count: roles.length * 4 };
}

/**
 * Registers one complete marker set (one detection per role of the capture) or says why it
 * cannot be a flat printed page seen at a usable angle.
 */
export function registerCapture(
  capture: CaptureDefinition,
  markers: Map<MarkerRole, DetectedMarker>,
): { registration: CaptureRegistration } | { failure: RegistrationFailure } {
  const all = capture.markers.map((m) => m.role);
  const whole = fitMarkers(capture, markers, all);
  if (!whole) return { failure: { reason: 'degenerate', detail: 'marker corners do not determine a homography' } };
  const sides = [...markers.values()].map((m) => m.pixelsPerModule * 8);
  const meanSide = sides.reduce((s, v) => s + v, 0) / sides.length;
  const minForeshortening = Math.min(...[...markers.values()].map((m) => foreshortening(m.corners)));

  const pages: RegisteredPage[] = [];
  const worstByRole = new Map<MarkerRole, number>();
  let squared = 0;
  let count = 0;
  for (const page of capture.pages) {
    const fit = capture.pages.length === 1 ? whole : fitMarkers(capture, markers, page.markerRoles);
    if (!fit) return { failure: { reason: 'degenerate', detail: `page ${page.pageId} markers do not determine a homography` } };
    const corners = rectCorners(capture, page.rectMm.x, page.rectMm.y, page.rectMm.width, page.rectMm.height).map((p) =>
      applyHomography(fit.canonicalToSource, p),
    );
    const problem = quadShapeProblem(corners);
    if (problem) return { failure: { reason: 'not-convex', detail: problem } };
    let max = 0;
    for (const [role, e] of fit.errors) {
      worstByRole.set(role, Math.max(worstByRole.get(role) ?? 0, e));
      max = Math.max(max, e);
    }
    squared += fit.squared;
    count += fit.count;
    pages.push({
      page,
      canonicalToSource: fit.canonicalToSource,
      sourceToCanonical: invertHomography(fit.canonicalToSource),
      sourceCorners: asQuad(corners),
      reprojectionRmsPixels: Math.sqrt(fit.squared / fit.count),
      reprojectionMaxPixels: max,
    });
  }
  const reprojectionMaxPixels = Math.max(...worstByRole.values());
  const fitScore = reprojectionMaxPixels / meanSide;
  if (fitScore > MAX_FIT_RESIDUAL_PER_MARKER_SIDE) {
    return { failure: { reason: 'misfit', detail: `markers deviate ${reprojectionMaxPixels.toFixed(1)} px from one printed surface` } };
  }
  if (minForeshortening < MIN_FORESHORTENING) {
    return { failure: { reason: 'too-steep', detail: `view tilt about ${((Math.acos(minForeshortening) * 180) / Math.PI).toFixed(0)} deg exceeds 65 deg` } };
  }
  const surface = rectCorners(capture, 0, 0, capture.widthMm, capture.heightMm).map((p) => applyHomography(whole.canonicalToSource, p));
  const top = { x: surface[1].x - surface[0].x, y: surface[1].y - surface[0].y };
  return {
    registration: {
      capture,
      matched: capture.markers.map((placement) => ({
        marker: markers.get(placement.role) as DetectedMarker,
        placement,
        reprojectionErrorPixels: worstByRole.get(placement.role) ?? 0,
      })),
      pages,
      canonicalToSource: whole.canonicalToSource,
      sourceToCanonical: invertHomography(whole.canonicalToSource),
      sourceCorners: asQuad(surface),
      rotationDegrees: (Math.atan2(top.y, top.x) * 180) / Math.PI,
      reprojectionRmsPixels: Math.sqrt(squared / count),
      reprojectionMaxPixels,
      fitScore,
      minForeshortening,
    },
  };
}
