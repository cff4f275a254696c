import type { MarkerKind, MarkerRole } from './capture-geometry';
import { refineCorner } from './corner-refinement';
import { assignMarker } from './design-catalog';
import { loadMarkerDictionary, MARKER_MODULES } from './marker-dictionary';
import { measureMarker } from './marker-sampling';
import { loadOpenCv, withCvScope } from './open-cv-runtime';
import { greyView, type GreyImage, type PixelImage, type Point } from './pixel-image';
import type { CvMat, OpenCv } from './open-cv-runtime';

export interface DetectedMarker {
  id: number;
  /** Role and capture from the design catalog; undefined for ids no registered design prints. */
  role?: MarkerRole;
  kind?: MarkerKind;
  captureId?: string;
  /** Full-resolution source pixels in the marker's own order: top-left, top-right, bottom-right, bottom-left. */
  corners: [Point, Point, Point, Point];
  center: Point;
  bitErrors: number;
  contrast: number;
  pixelsPerModule: number;
}

export interface MarkerDetection {
  markers: DetectedMarker[];
  /** Quadrilaterals the detector examined: rejected candidates plus decoded markers. */
  detectedCandidates: number;
  decodedFiducials: number;
  sourceWidth: number;
  sourceHeight: number;
  /** Factor applied to the source for the detection pass (1 when no downscale was needed). */
  detectionScale: number;
}

export interface DetectMarkersOptions {
  /** Longer side of the copy the detector runs on; corners are then refined at full resolution. */
  maxDetectionSide?: number;
}

export const DEFAULT_MAX_DETECTION_SIDE = 1600;

export async function detectMarkers(image: PixelImage, options: DetectMarkersOptions = {}): Promise<MarkerDetection> {
  const cv = await loadOpenCv();
  const dictionary = await loadMarkerDictionary();
  const grey = greyView(image);
  const maxSide = options.maxDetectionSide ?? DEFAULT_MAX_DETECTION_SIDE;
  const scale = Math.min(1, maxSide / Math.max(grey.width, grey.height));

  const raw = withCvScope((keep) => {
    const source = keep(new cv.Mat(grey.height, grey.width, cv.CV_8UC1));
    source.data.set(grey.data);
    const target =
      scale < 1
        ? reduceForDetection(cv, keep, source, grey, Math.max(1, Math.round(grey.width * scale)), Math.max(1, Math.round(grey.height * scale)))
        : source;
    const arucoDictionary = keep(cv.getPredefinedDictionary(cv.DICT_6X6_250));
    const parameters = keep(new cv.aruco_DetectorParameters());
    // Corners are refined below at full resolution, not on the downscaled copy.
    parameters.cornerRefinementMethod = cv.CORNER_REFINE_NONE;
    parameters.adaptiveThreshWinSizeMax = 33;
    const refine = keep(new cv.aruco_RefineParameters(10, 3, true));
    const detector = keep(new cv.aruco_ArucoDetector(arucoDictionary, parameters, refine));
    const corners = keep(new cv.MatVector());
    const ids = keep(new cv.Mat());
    const rejected = keep(new cv.MatVector());
    detector.detectMarkers(target, corners, ids, rejected);
    const found: { id: number; corners: Point[] }[] = [];
    for (let i = 0; i < corners.size(); i++) {
      const quad = corners.get(i);
      const values = quad.data32F;
      // Detector pixel centres sit at integer coordinates; map them back through the scale.
      const points = [0, 1, 2, 3].map((k) => ({
        x: (values[2 * k] + 0.5) / scale - 0.5,
        y: (values[2 * k + 1] + 0.5) / scale - 0.5,
      }));
      quad.delete();
      found.push({ id: ids.data32S[i], corners: points });
    }
    return { found, rejectedCount: rejected.size() };
  });

  const markers = raw.found.map(({ id, corners }) => {
    const refined = refineMarkerCorners(grey, corners);
    const signal = measureMarker(grey, refined, dictionary.markerModules(id));
    const assignment = assignMarker(id);
    return {
      id,
      role: assignment?.placement.role,
      kind: assignment?.placement.kind,
      captureId: assignment?.capture.captureId,
      corners: refined as DetectedMarker['corners'],
      center: quadCenter(refined),
      ...signal,
    };
  });
  return {
    markers,
    detectedCandidates: raw.rejectedCount + raw.found.length,
    decodedFiducials: raw.found.length,
    sourceWidth: grey.width,
    sourceHeight: grey.height,
    detectionScale: scale,
  };
}

/**
 * The reduced copy the detector runs on. Exact halvings first, while the target allows them:
 * OpenCV's area resampling has a fast path for integer factors (a 2x2 mean), several times
 * quicker than its general path over a 12 MP photo; the remaining factor (0.5..1) is one bilinear
 * step. Odd sizes, or a factor above 0.5, take one area resampling as before. The detection
 * scale stays `target / source` per side (halvings map pixel centres exactly).
 */
function reduceForDetection(
  cv: OpenCv,
  keep: <M extends { delete(): void }>(object: M) => M,
  source: CvMat,
  grey: GreyImage,
  width: number,
  height: number,
): CvMat {
  let current = source;
  let w = grey.width;
  let h = grey.height;
  while (w % 2 === 0 && h % 2 === 0 && w / 2 >= width && h / 2 >= height) {
    const half = keep(new cv.Mat());
    cv.resize(current, half, new cv.Size(w / 2, h / 2), 0, 0, cv.INTER_AREA);
    current = half;
    w /= 2;
    h /= 2;
  }
  if (w === width && h === height) return current;
  const target = keep(new cv.Mat());
  cv.resize(current, target, new cv.Size(width, height), 0, 0, current === source ? cv.INTER_AREA : cv.INTER_LINEAR);
  return target;
}

function refineMarkerCorners(grey: GreyImage, corners: Point[]): Point[] {
  const side = corners.reduce((s, p, i) => s + Math.hypot(corners[(i + 1) % 4].x - p.x, corners[(i + 1) % 4].y - p.y), 0) / 4;
  // Half a module keeps the inner edge of the black border (one module in) out of the window.
  const halfWindow = Math.min(15, Math.max(2, Math.round((0.5 * side) / MARKER_MODULES)));
  return corners.map((p) => refineCorner(grey, p, halfWindow));
}

/** Intersection of the diagonals: the projective centre of the marker square. */
export function quadCenter(q: readonly Point[]): Point {
  const [a, b, c, d] = q;
  const d1x = c.x - a.x;
  const d1y = c.y - a.y;
  const d2x = d.x - b.x;
  const d2y = d.y - b.y;
  const denom = d1x * d2y - d1y * d2x;
  if (Math.abs(denom) < 1e-9) return { x: (a.x + b.x + c.x + d.x) / 4, y: (a.y + b.y + c.y + d.y) / 4 };
  const t = ((b.x - a.x) * d2y - (b.y - a.y) * d2x) / denom;
  return { x: a.x + t * d1x, y: a.y + t * d1y };
}
