/**
 * Worked examples of the scorecard operations for the API document: one front-nine page, the
 * demo course's own printed scorecard uploaded as it is printed. The photo is one the service
 * itself provides (a `scorecard@1` printable page), so "Try it" succeeds on a fresh `npm start`
 * without the internet; the JSON form (`image.url`) fetches only public https addresses and so
 * has no example here.
 */
import type { OperationExample } from '../platform/http/operation.decorator';

const REQUEST_ID = '7d2b1c4e-5f60-4a8b-9c1d-2e3f4a5b6c7d';
const PAGE = 'page-1';
const HASH = 'sha256:1b3d5f7a9c0e2b4d6f8a1c3e5b7d9f0a2c4e6b8d1f3a5c7e9b0d2f4a6c8e1b3d';
const metadata = { courseId: 'demo-pine-hollow', teeBox: 'blue', identifier: 'round-2026-11-24' };
/** The printable whose first page is the example's photo (the examples test creates it from the text below). */
const SAMPLE_CARD_PRINTABLE = { template: 'scorecard@1', options: { design: 'M9H1' } };
const multipartBody = {
  ...metadata,
  image: `(PNG bytes: the demo course's printed front-nine card. Create it with POST /v1/courses/${metadata.courseId}/printables and body \`${JSON.stringify(SAMPLE_CARD_PRINTABLE)}\`, then, once GET /v1/printables/{printableId} says ready, download links.pages[0]. Any JPEG, PNG or WebP photo of a printed card works the same way.)`,
};
const box = (x1: number, y1: number, x2: number, y2: number) => ({ x1, y1, x2, y2 });
const artifact = (contentType: 'image/png' | 'image/jpeg', width: number, height: number, sizeBytes: number) => ({
  url: `https://artifacts.example.com/scorecards/${REQUEST_ID}/${contentType === 'image/png' ? 'normalized.png' : 'markers.jpg'}?X-Amz-Signature=…`,
  contentType,
  sizeBytes,
  sha256: HASH,
  width,
  height,
  expiresAt: '2026-11-24T16:55:00.000Z',
  retentionUntil: '2026-11-26T00:00:00.000Z',
});

const normalized = {
  requestId: REQUEST_ID,
  ...metadata,
  schema: 'caddie-scorecard-normalization@4',
  status: 'COMPLETE',
  source: { method: 'multipart', persisted: false },
  pages: [
    {
      pageInstanceId: PAGE,
      status: 'NORMALIZED',
      template: {
        designId: 'SM9H1',
        slug: 'm9h1-front-nine-page',
        version: 1,
        panel: 'F9',
        layoutRevision: 'M9H1@1',
        fiducialFamily: 'aruco-6x6-250@1',
        source: 'printed-identity',
        captureId: 'M9H1/front-nine-page',
        topology: 'single-page',
        definitionHash: HASH,
        revisionManifestHash: HASH,
      },
      printedMetadata: { text: 'SM9H1-C8D496-EQH6K', courseToken: '8D496', designChunk: 'SM9H1', checksum: 'EQH6K', correctionCount: 0 },
      normalization: {
        rotationDegrees: 0,
        sourceWidth: 2480,
        sourceHeight: 1748,
        sourceCorners: {
          topLeft: { x: -0.5, y: -0.54 },
          topRight: { x: 2479.5, y: -0.54 },
          bottomRight: { x: 2479.5, y: 1747.54 },
          bottomLeft: { x: -0.5, y: 1747.54 },
        },
        outputWidth: 1680,
        outputHeight: 1184,
        sourceToCanonical: [0.6774, 0, -0.1606, 0, 0.6773, -0.1325, 0, 0, 1],
      },
      regions: {
        coordinateSpace: { origin: 'top-left', unit: 'normalized-0-to-1', canonicalPixels: { width: 1680, height: 1184 } },
        captureId: 'M9H1/front-nine-page',
        topology: 'single-page',
        pages: [{ pageId: 'page', frame: box(0, 0, 1, 1) }],
        semanticRegions: [{ name: 'hole-1.score', kind: 'cell', pageId: 'page', holeNumber: 1, field: 'score', box: box(0.31, 0.21, 0.39, 0.26) }],
      },
      quality: {
        confidence: 0.97,
        band: 'high',
        detectedCandidates: 5,
        decodedFiducials: 4,
        matchedFiducials: 4,
        reprojectionRmsPixels: 0.8,
        reprojectionMaxPixels: 1.4,
        markerEvidence: [
          {
            name: 'top-left',
            kind: 'corner',
            sourceCenter: { x: 240.2, y: 415.9 },
            bitErrors: 0,
            contrast: 0.82,
            pixelsPerModule: 9.6,
            reprojectionErrorPixels: 0.6,
          },
        ],
      },
      artifacts: { normalizedImage: artifact('image/png', 1680, 1184, 118137), debugImage: artifact('image/jpeg', 1600, 1128, 139426) },
      warnings: [],
    },
  ],
  discovery: { detectedCandidates: 94, decodedFiducials: 4, retainedFiducials: 4, matchedFiducials: 4, unmatchedFiducials: 0 },
  issues: [],
  warnings: [],
};

const processed = {
  requestId: REQUEST_ID,
  ...metadata,
  schema: 'caddie-scorecard-processing@3',
  status: 'COMPLETE',
  pages: [
    {
      pageInstanceId: PAGE,
      status: 'PROCESSED',
      design: { designId: 'SM9H1', panel: 'F9' },
      processing: {
        status: 'PROCESSED',
        // the card as printed: every cell read as blank (null) with confidence; 20 fields, two shown
        fields: [
          { row: 'hole-1', field: 'score', decision: 'ACCEPTED', value: null, literal: null, reasonCodes: [] },
          { row: 'totals', field: 'putts', decision: 'ACCEPTED', value: null, literal: null, reasonCodes: [] },
        ],
        summary: { totalCells: 20, acceptedCells: 20, reviewCells: 0, reviewRate: 0 },
      },
      warnings: [],
    },
  ],
  roundDrafts: [
    {
      draftId: 'drf_7d2b1c4e',
      selectionPolicy: 'accepted-values-then-best-guess@1',
      pageInstanceIds: [PAGE],
      record: {
        schema: 'caddie-scorecard-round-record@1',
        holes: [],
        reviewHoleNumbers: [],
      },
    },
  ],
  summary: { discoveredPages: 1, processedPages: 1, normalizedOnlyPages: 0, acceptedCells: 20, reviewCells: 0 },
  issues: [],
  warnings: [],
};

export const SCORECARD_EXAMPLES = {
  normalize: {
    summary: "The demo course's printed front-nine card, uploaded",
    bodies: { 'multipart/form-data': multipartBody },
    responses: { 200: normalized },
  },
  process: {
    summary: "The demo course's printed front-nine card read: every cell blank, nothing to review",
    parameters: { 'Idempotency-Key': 'round-2026-11-24-card-0042' },
    bodies: { 'multipart/form-data': multipartBody },
    responses: { 200: processed },
  },
} satisfies Record<string, OperationExample>;
