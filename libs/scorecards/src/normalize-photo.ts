import {
  DesignUnreadableError,
  FiducialError,
  LabelFontUnavailableError,
  MAX_RETAINED_BIT_ERRORS,
  RegistrationMarkersIncompleteError,
  detectMarkers,
  findCapture,
  groupPages,
  readPageIdentity,
  toGrey,
  warpToCanonical,
  type CaptureRegistration,
  type GreyImage,
  type MarkerDetection,
  type PageGrouping,
  type PageIdentity,
  type PixelImage,
  type Point,
} from '@caddie/fiducials';
import { diagnosticBackdrop, drawMarkerDiagnostic, encodeCanonicalPng, type EncodedImage } from './artifact-encoding';
import type { NormalizationVersion } from './normalization-versions';
import { assessPageQuality } from './page-quality';
import { isProductionCapture } from './production-captures';
import { bodyV2, bodyV3, bodyV4, type ArtifactPair, type NormalizationIssue, type NormalizationWarning, type PageEvidence } from './response-bodies';
import { ScorecardError } from './scorecard-errors';

export interface NormalizePhotoOptions {
  /** Longer side of the marker detection pass (corners are refined at full resolution). */
  maxDetectionSide?: number;
}

export interface PhotoNormalization {
  version: NormalizationVersion;
  /** The version's body without request metadata, schema and source; artifact slots are null. */
  body: Record<string, unknown>;
  /** Per returned page, in body order: the canonical PNG and the marker-diagnostic JPEG. */
  artifacts: ArtifactPair<EncodedImage>[];
}

type PageFailure = { registration: CaptureRegistration; error: FiducialError | ScorecardError };

export interface DiscoveredPage {
  registration: CaptureRegistration;
  identity: PageIdentity;
  evidence: PageEvidence;
  /** The whole capture surface in canonical pixels (luminance). */
  canonical: GreyImage;
}

/** A complete page (all its markers registered) that could not be accepted, and why. */
export interface RejectedPage {
  registration: CaptureRegistration;
  issue: NormalizationIssue;
}

export interface PageDiscovery {
  /** The photo as luminance (what every later step reads). */
  photo: PixelImage;
  detection: MarkerDetection;
  grouping: PageGrouping;
  /** Complete pages with a validated production identity, in reading order. */
  pages: DiscoveredPage[];
  /** Complete pages that were not accepted, in reading order (each also among `issues`). */
  rejected: RejectedPage[];
  /** Leftover marker evidence and pages that could not be accepted. */
  issues: NormalizationIssue[];
}

/**
 * Finds up to four complete pages, validates each printed identity against the production
 * registry and warps each accepted page to its canonical image. Uncertain evidence becomes an
 * issue; when no page is accepted, the first page's problem is thrown.
 */
export async function discoverPages(image: PixelImage, options: NormalizePhotoOptions & { singleCaptureVersion?: 2 | 3 } = {}): Promise<PageDiscovery> {
  // One luminance copy serves detection, warping and label reading (each would convert again).
  const photo: PixelImage = image.channels === 1 ? image : { ...toGrey(image), channels: 1 };
  const detection = await detectMarkers(photo, { maxDetectionSide: options.maxDetectionSide });
  const grouping = groupOrExplain(detection);
  if (options.singleCaptureVersion) assertSingleCaptureExpressible(grouping, options.singleCaptureVersion);

  const accepted: { registration: CaptureRegistration; identity: PageIdentity }[] = [];
  const failures: PageFailure[] = [];
  for (const registration of grouping.pages) {
    try {
      assertNothingForeignOnPage(registration, detection);
      const identity = await readIdentity(photo, registration);
      if (!isProductionCapture(registration.capture)) {
        throw new ScorecardError('scorecard-capture-disabled', `capture ${registration.capture.captureId} is not in the production capture registry`, {
          captureId: registration.capture.captureId,
        });
      }
      accepted.push({ registration, identity });
    } catch (error) {
      if (error instanceof FiducialError || (error instanceof ScorecardError && error.status === 422)) failures.push({ registration, error });
      else throw error;
    }
  }
  if (accepted.length === 0) throw failures[0].error;

  const pages: DiscoveredPage[] = [];
  for (const { registration, identity } of accepted) {
    const { quality, warnings } = assessPageQuality(registration, detection, identity.reading.confidence);
    const pageWarnings: NormalizationWarning[] = [...warnings];
    if (identity.identity.correctionCount > 0) {
      pageWarnings.push({
        code: 'identity-corrected',
        message: `${identity.identity.correctionCount} character(s) of the printed label were corrected (by its checksum, against the design its markers name)`,
      });
    }
    const evidence: PageEvidence = { registration, identity, quality, warnings: pageWarnings, sourceWidth: photo.width, sourceHeight: photo.height };
    pages.push({ registration, identity, evidence, canonical: await canonicalImage(photo, registration) });
  }
  const issues: NormalizationIssue[] = [
    ...grouping.issues.map((i) => ({ code: i.code, message: i.message, ...(i.captureId ? { captureId: i.captureId } : {}), markerIds: i.markerIds })),
  ];
  const rejected = failures.map(({ registration, error }) => ({
    registration,
    issue: { code: error.code, message: error.message, captureId: registration.capture.captureId, markerIds: registration.matched.map((m) => m.marker.id) },
  }));
  issues.push(...rejected.map((r) => r.issue));
  return { photo, detection, grouping, pages, rejected, issues };
}

/**
 * Normalizes a photograph of printed scorecards into the requested response version. Every
 * page comes from a complete marker set and a validated printed identity; incomplete or
 * uncertain evidence becomes an issue (version 4) or an error, never a guessed crop.
 */
export async function normalizePhoto(image: PixelImage, version: NormalizationVersion, options: NormalizePhotoOptions = {}): Promise<PhotoNormalization> {
  const discovery = await discoverPages(image, { ...options, singleCaptureVersion: version === 4 ? undefined : version });
  const backdrop = await diagnosticBackdrop(discovery.photo);
  const artifacts: ArtifactPair<EncodedImage>[] = [];
  for (const page of discovery.pages) {
    artifacts.push({
      normalizedImage: await encodeCanonicalPng(page.canonical),
      debugImage: await drawMarkerDiagnostic(backdrop, discovery.detection, discovery.grouping.pages, page.registration),
    });
  }
  const evidence = discovery.pages.map((p) => p.evidence);
  const { issues } = discovery;
  if (version === 4) {
    // Accepted and rejected pages together, in the reading order of the grouping.
    const order = (r: CaptureRegistration) => discovery.grouping.pages.indexOf(r);
    const entries = [...evidence, ...discovery.rejected].sort((a, b) => order(a.registration) - order(b.registration));
    return { version, body: bodyV4(entries, discovery.grouping.discovery, issues, []), artifacts };
  }
  // Versions 2 and 3 have no issues list: leftover evidence is reported as warnings.
  const warnings = issues.map((i) => ({ code: i.code, message: i.message }));
  return { version, body: version === 3 ? bodyV3(evidence[0], warnings) : bodyV2(evidence[0], warnings), artifacts };
}

/**
 * Groups pages; when none is complete, names the one case a client can fix precisely: every
 * marker of a page but the index marker (beside which the identity label is printed) is visible.
 */
function groupOrExplain(detection: MarkerDetection): PageGrouping {
  try {
    return groupPages(detection);
  } catch (error) {
    if (!(error instanceof RegistrationMarkersIncompleteError)) throw error;
    for (const captureId of new Set(detection.markers.map((m) => m.captureId).filter((c): c is string => !!c))) {
      const capture = findCapture(captureId);
      if (!capture) continue;
      const seen = new Set(detection.markers.filter((m) => m.captureId === captureId).map((m) => m.role));
      const missing = capture.markers.filter((m) => !seen.has(m.role));
      if (missing.length === 1 && missing[0].kind === 'index') {
        throw new ScorecardError('scorecard-index-marker-missing', `${captureId}: the lower-left index marker beside the identity label is not visible`, {
          captureId,
        });
      }
    }
    throw error;
  }
}

/**
 * A page is contradicted when marker evidence of another card lies inside its outline: another
 * card or a loose identity label (found by the index marker printed beside every label) lying
 * on it. What the page shows is then not only the page its own markers and label claim.
 * Another card beside the page, outside its outline, is no contradiction.
 */
function assertNothingForeignOnPage(registration: CaptureRegistration, detection: MarkerDetection): void {
  const own = new Set(registration.matched.map((m) => m.marker));
  const c = registration.sourceCorners;
  const outline = [c.topLeft, c.topRight, c.bottomRight, c.bottomLeft];
  const foreign = detection.markers.filter((m) => m.captureId && m.bitErrors <= MAX_RETAINED_BIT_ERRORS && !own.has(m) && insideConvex(outline, m.center));
  if (foreign.length === 0) return;
  throw new ScorecardError(
    'scorecard-identity-contradictory',
    `${registration.capture.captureId}: markers ${foreign.map((m) => m.id).join(', ')} of another card lie on this page; photograph one card without others or loose labels on it`,
    { captureId: registration.capture.captureId, markerIds: foreign.map((m) => m.id) },
  );
}

function insideConvex(polygon: readonly Point[], p: Point): boolean {
  let sign = 0;
  for (let i = 0; i < polygon.length; i++) {
    const a = polygon[i];
    const b = polygon[(i + 1) % polygon.length];
    const cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** Versions 2 and 3 describe exactly one capture; version 2 only a single square-marker M9 page. */
function assertSingleCaptureExpressible(grouping: PageGrouping, version: 2 | 3): void {
  if (grouping.pages.length > 1) {
    throw new ScorecardError(
      'scorecard-normalization-version-incompatible',
      `the photo holds ${grouping.pages.length} complete pages; version ${version} describes one capture, request version 4`,
      { pages: grouping.pages.length },
    );
  }
  const capture = grouping.pages[0].capture;
  if (version === 2 && (capture.topology !== 'single-page' || !capture.designCode.startsWith('M9'))) {
    throw new ScorecardError(
      'scorecard-normalization-version-incompatible',
      `version 2 describes single square-marker M9 pages; ${capture.captureId} needs version 3 or 4`,
      { captureId: capture.captureId },
    );
  }
}

async function readIdentity(photo: PixelImage, registration: CaptureRegistration): Promise<PageIdentity> {
  try {
    return await readPageIdentity(photo, registration);
  } catch (error) {
    if (error instanceof LabelFontUnavailableError) {
      throw new ScorecardError('scorecard-design-detection-unavailable', 'the printed design reader is unavailable', { reason: error.message });
    }
    if (error instanceof FiducialError || error instanceof ScorecardError) throw error;
    throw new DesignUnreadableError(`the identity label could not be read: ${(error as Error).message}`);
  }
}

/**
 * The page's resampling kernel. Cubic: a small or distant photo has fewer pixels than the page, and
 * the cubic kernel keeps more of a thin stroke's darkness between them than the linear one, so the
 * handwriting read from the page is crisper (docs/handwriting-model-notebook.md, reader-22).
 */
const PAGE_INTERPOLATION = 'cubic';

/** The whole capture surface in canonical pixels; each page of a spread through its own transform (a fold bends). */
async function canonicalImage(photo: PixelImage, registration: CaptureRegistration): Promise<GreyImage> {
  const { width, height } = registration.capture.canonicalPixels;
  if (registration.pages.length === 1) {
    return warpToCanonical(photo, registration.sourceToCanonical, { canonicalWidth: width, canonicalHeight: height, interpolation: PAGE_INTERPOLATION });
  }
  const out = new Uint8Array(width * height).fill(255);
  for (const page of registration.pages) {
    const crop = await warpToCanonical(photo, page.sourceToCanonical, {
      canonicalWidth: width,
      canonicalHeight: height,
      box: page.page.frame,
      interpolation: PAGE_INTERPOLATION,
    });
    const x0 = Math.round(page.page.frame.x1 * width);
    const y0 = Math.round(page.page.frame.y1 * height);
    for (let y = 0; y < crop.height && y0 + y < height; y++) {
      const row = crop.data.subarray(y * crop.width, y * crop.width + Math.min(crop.width, width - x0));
      out.set(row, (y0 + y) * width + x0);
    }
  }
  return { data: out, width, height };
}
