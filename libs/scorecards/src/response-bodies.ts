import { REVISION_MANIFEST_HASH, type CaptureRegistration, type Homography, type PageDiscovery, type PageIdentity, type QuadCorners } from '@caddie/fiducials';
import type { NormalizationVersion } from './normalization-versions';
import type { PageQuality, QualityWarning } from './page-quality';
import { topologyNeutralRegions } from './semantic-regions';

/** A structured issue: evidence that did not become a normalized page, or a page that failed. */
export interface NormalizationIssue {
  code: string;
  message: string;
  captureId?: string;
  markerIds?: number[];
}

export type NormalizationWarning = QualityWarning | { code: string; message: string };

/** One page as the builders see it; the artifacts are attached later, once stored. */
export interface PageEvidence {
  registration: CaptureRegistration;
  identity: PageIdentity;
  quality: PageQuality;
  warnings: NormalizationWarning[];
  sourceWidth: number;
  sourceHeight: number;
}

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

function corners(q: QuadCorners) {
  const p = (c: { x: number; y: number }) => ({ x: round(c.x, 2), y: round(c.y, 2) });
  return { topLeft: p(q.topLeft), topRight: p(q.topRight), bottomRight: p(q.bottomRight), bottomLeft: p(q.bottomLeft) };
}

/** Scaled so the last entry is 1, to 10 significant digits: stable and readable. */
function transform(h: Homography): number[] {
  return h.map((v) => Number((v / h[8]).toPrecision(10)));
}

function templateV2(page: PageEvidence) {
  const design = page.identity.identity.design;
  return {
    designId: design.designId,
    slug: design.slug,
    version: design.version,
    panel: design.panel,
    layoutRevision: design.layoutRevision,
    fiducialFamily: design.fiducialFamily,
    // The printed S identity, validated against the marker ids, selected this template.
    source: 'printed-identity',
  };
}

function templateV3(page: PageEvidence) {
  const capture = page.registration.capture;
  return { ...templateV2(page), captureId: capture.captureId, topology: capture.topology, definitionHash: capture.definitionHash, revisionManifestHash: REVISION_MANIFEST_HASH };
}

function normalizationV2(page: PageEvidence) {
  const r = page.registration;
  return {
    rotationDegrees: round(r.rotationDegrees, 2),
    sourceWidth: page.sourceWidth,
    sourceHeight: page.sourceHeight,
    sourceCorners: corners(r.sourceCorners),
    outputWidth: r.capture.canonicalPixels.width,
    outputHeight: r.capture.canonicalPixels.height,
  };
}

function normalizationV3(page: PageEvidence) {
  return { ...normalizationV2(page), sourceToCanonical: transform(page.registration.sourceToCanonical) };
}

function printedMetadataV3(page: PageEvidence) {
  const id = page.identity.identity;
  return { text: id.text, courseToken: id.courseToken, designChunk: id.designChunk, checksum: id.checksum, correctionCount: id.correctionCount };
}

/** Version 2: the frozen square-marker M9 response with panel-specific regions. */
export function bodyV2(page: PageEvidence, warnings: NormalizationWarning[]) {
  const { regions } = page.registration.capture;
  const id = page.identity.identity;
  return {
    template: templateV2(page),
    printedMetadata: { text: id.text, courseToken: id.courseToken },
    normalization: normalizationV2(page),
    regions: {
      coordinateSpace: regions.coordinateSpace,
      panel: regions.panel,
      markerText: regions.markerText,
      holes: regions.holes.map((h) => ({ holeNumber: h.holeNumber, row: h.row, cells: h.cells })),
      totals: regions.totals,
    },
    artifacts: null as unknown,
    warnings: [...page.warnings, ...warnings],
  };
}

/** Version 3: one capture, topology-neutral regions, hash-pinned identity, quality. */
export function bodyV3(page: PageEvidence, warnings: NormalizationWarning[]) {
  return {
    template: templateV3(page),
    printedMetadata: printedMetadataV3(page),
    normalization: normalizationV3(page),
    regions: topologyNeutralRegions(page.registration.capture),
    quality: page.quality,
    artifacts: null as unknown,
    warnings: [...page.warnings, ...warnings],
  };
}

/** Version 4: every complete page, discovery counts, structured issues. */
export function bodyV4(pages: PageEvidence[], discovery: PageDiscovery, issues: NormalizationIssue[], warnings: NormalizationWarning[]) {
  return {
    status: issues.length ? 'PARTIAL' : 'COMPLETE',
    pages: pages.map((page, i) => ({
      pageInstanceId: `page-${i + 1}`,
      status: 'NORMALIZED',
      template: templateV3(page),
      printedMetadata: printedMetadataV3(page),
      normalization: normalizationV3(page),
      regions: topologyNeutralRegions(page.registration.capture),
      quality: page.quality,
      artifacts: null as unknown,
      warnings: page.warnings,
    })),
    discovery,
    issues,
    warnings,
  };
}

export interface ArtifactPair<D> {
  normalizedImage: D;
  debugImage: D;
}

/**
 * Visits every artifact slot of a body in page order (version 4: one per page; versions 2
 * and 3: the one top-level slot) and replaces it with what `fill` returns.
 */
export function mapArtifactSlots<D>(version: NormalizationVersion, body: Record<string, unknown>, fill: (pageIndex: number, current: unknown) => ArtifactPair<D>): Record<string, unknown> {
  if (version === 4) {
    const pages = (body.pages as Record<string, unknown>[]).map((page, i) => ({ ...page, artifacts: fill(i, page.artifacts) }));
    return { ...body, pages };
  }
  return { ...body, artifacts: fill(0, body.artifacts) };
}
