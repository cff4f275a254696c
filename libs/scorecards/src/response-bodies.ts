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
  /** the page entry the issue belongs to (version 4, rejected pages) */
  pageInstanceId?: string;
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
  return {
    ...templateV2(page),
    captureId: capture.captureId,
    topology: capture.topology,
    definitionHash: capture.definitionHash,
    revisionManifestHash: REVISION_MANIFEST_HASH,
  };
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

/** A complete page that was not accepted: where it is, and the structured issue that says why. */
export interface RejectedPageEvidence {
  registration: CaptureRegistration;
  issue: NormalizationIssue;
}

/** Page status of version 4: NORMALIZED, or REJECTED for a complete page that could not be accepted. */
export type NormalizedPageStatus = 'NORMALIZED' | 'REJECTED';

function pageV4(entry: PageEvidence | RejectedPageEvidence, pageInstanceId: string) {
  if ('issue' in entry) {
    const capture = entry.registration.capture;
    return {
      pageInstanceId,
      status: 'REJECTED' satisfies NormalizedPageStatus,
      captureId: capture.captureId,
      topology: capture.topology,
      sourceCorners: corners(entry.registration.sourceCorners),
      issues: [entry.issue],
      warnings: [],
    };
  }
  return {
    pageInstanceId,
    status: 'NORMALIZED' satisfies NormalizedPageStatus,
    template: templateV3(entry),
    printedMetadata: printedMetadataV3(entry),
    normalization: normalizationV3(entry),
    regions: topologyNeutralRegions(entry.registration.capture),
    quality: entry.quality,
    artifacts: null as unknown,
    warnings: entry.warnings,
  };
}

/**
 * Version 4: every complete page in reading order, each with its status (rejected pages carry
 * their issue, which is also listed top-level), discovery counts, structured issues.
 */
export function bodyV4(
  entries: (PageEvidence | RejectedPageEvidence)[],
  discovery: PageDiscovery,
  issues: NormalizationIssue[],
  warnings: NormalizationWarning[],
) {
  const pages = entries.map((entry, i) => pageV4(entry, `page-${i + 1}`));
  const issuePage = new Map(entries.flatMap((entry, i) => ('issue' in entry ? [[entry.issue, pages[i].pageInstanceId] as const] : [])));
  return {
    status: issues.length ? 'PARTIAL' : 'COMPLETE',
    pages,
    discovery,
    issues: issues.map((issue) => (issuePage.has(issue) ? { ...issue, pageInstanceId: issuePage.get(issue) } : issue)),
    warnings,
  };
}

export interface ArtifactPair<D> {
  normalizedImage: D;
  debugImage: D;
}

/**
 * Visits every artifact slot of a body in page order (version 4: one per normalized page; versions 2
 * and 3: the one top-level slot) and replaces it with what `fill` returns.
 */
export function mapArtifactSlots<D>(
  version: NormalizationVersion,
  body: Record<string, unknown>,
  fill: (pageIndex: number, current: unknown) => ArtifactPair<D>,
): Record<string, unknown> {
  if (version === 4) {
    // Rejected pages have no artifacts; the index counts normalized pages only.
    let normalized = 0;
    const pages = (body.pages as Record<string, unknown>[]).map((page) =>
      'artifacts' in page ? { ...page, artifacts: fill(normalized++, page.artifacts) } : page,
    );
    return { ...body, pages };
  }
  return { ...body, artifacts: fill(0, body.artifacts) };
}
