import { MAX_FIT_RESIDUAL_PER_MARKER_SIDE, MAX_RETAINED_BIT_ERRORS, type CaptureRegistration, type MarkerDetection, type Point } from '@caddie/fiducials';

export interface MarkerEvidence {
  /** The marker's role on the capture: `top-left`, ..., `fold-top`. */
  name: string;
  kind: string;
  sourceCenter: Point;
  bitErrors: number;
  contrast: number;
  pixelsPerModule: number;
  reprojectionErrorPixels: number;
}

export type QualityBand = 'high' | 'medium' | 'low';

export interface PageQuality {
  confidence: number;
  band: QualityBand;
  detectedCandidates: number;
  decodedFiducials: number;
  matchedFiducials: number;
  reprojectionRmsPixels: number;
  reprojectionMaxPixels: number;
  markerEvidence: MarkerEvidence[];
}

export interface QualityWarning {
  code: 'low-marker-resolution' | 'steep-view' | 'weak-marker-contrast' | 'identity-corrected';
  message: string;
}

/** Module sizes below this many source pixels leave cells soft after normalization. */
const COMFORTABLE_PIXELS_PER_MODULE = 6;
const COMFORTABLE_CONTRAST = 0.45;
/** cos(45 deg): beyond this tilt cell text loses half its vertical detail. */
const COMFORTABLE_FORESHORTENING = Math.cos(Math.PI / 4);

const round = (v: number, digits = 3) => Math.round(v * 10 ** digits) / 10 ** digits;
const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/**
 * One confidence in 0..1 for a normalized page: the weakest of its evidence (fit to the
 * printed geometry, marker re-read errors, contrast, resolution, view angle, label reading).
 * A page is only as trustworthy as its worst signal, so the minimum, not the mean.
 */
export function assessPageQuality(
  registration: CaptureRegistration,
  detection: MarkerDetection,
  labelConfidence: number,
): { quality: PageQuality; warnings: QualityWarning[] } {
  const markers = registration.matched.map((m) => m.marker);
  const minModule = Math.min(...markers.map((m) => m.pixelsPerModule));
  const minContrast = Math.min(...markers.map((m) => m.contrast));
  const worstBits = Math.max(...markers.map((m) => m.bitErrors));
  const factors = {
    fit: 1 - 0.5 * clamp01(registration.fitScore / MAX_FIT_RESIDUAL_PER_MARKER_SIDE),
    bits: 1 - 0.5 * clamp01(worstBits / MAX_RETAINED_BIT_ERRORS),
    contrast: clamp01(0.5 + minContrast / (2 * COMFORTABLE_CONTRAST)),
    resolution: clamp01(0.4 + (0.6 * minModule) / COMFORTABLE_PIXELS_PER_MODULE),
    view: clamp01(0.5 + registration.minForeshortening / (2 * COMFORTABLE_FORESHORTENING)),
    label: clamp01(labelConfidence),
  };
  const confidence = round(Math.min(...Object.values(factors)));
  const band: QualityBand = confidence >= 0.75 ? 'high' : confidence >= 0.5 ? 'medium' : 'low';
  const warnings: QualityWarning[] = [];
  if (minModule < COMFORTABLE_PIXELS_PER_MODULE) {
    warnings.push({
      code: 'low-marker-resolution',
      message: `smallest marker module spans ${minModule.toFixed(1)} source pixels; move closer for sharper cells`,
    });
  }
  if (registration.minForeshortening < COMFORTABLE_FORESHORTENING) {
    warnings.push({ code: 'steep-view', message: 'the phone was tilted more than about 45 degrees from the paper' });
  }
  if (minContrast < COMFORTABLE_CONTRAST) {
    warnings.push({ code: 'weak-marker-contrast', message: 'marker blacks and whites are close: glare or shadow on the card' });
  }
  return {
    quality: {
      confidence,
      band,
      detectedCandidates: detection.detectedCandidates,
      decodedFiducials: detection.decodedFiducials,
      matchedFiducials: registration.matched.length,
      reprojectionRmsPixels: round(registration.reprojectionRmsPixels),
      reprojectionMaxPixels: round(registration.reprojectionMaxPixels),
      markerEvidence: registration.matched.map((m) => ({
        name: m.placement.role,
        kind: m.placement.kind,
        sourceCenter: { x: round(m.marker.center.x, 2), y: round(m.marker.center.y, 2) },
        bitErrors: m.marker.bitErrors,
        contrast: round(m.marker.contrast),
        pixelsPerModule: round(m.marker.pixelsPerModule, 2),
        reprojectionErrorPixels: round(m.reprojectionErrorPixels),
      })),
    },
    warnings,
  };
}
