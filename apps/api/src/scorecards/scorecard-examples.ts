/** Worked examples of the scorecard operations for the API document (one front-nine page). */
import type { OperationExample } from '../platform/http/operation.decorator';

const REQUEST_ID = '7d2b1c4e-5f60-4a8b-9c1d-2e3f4a5b6c7d';
const PAGE = 'pg_1';
const HASH = 'sha256:1b3d5f7a9c0e2b4d6f8a1c3e5b7d9f0a2c4e6b8d1f3a5c7e9b0d2f4a6c8e1b3d';
const metadata = { courseId: 'demo-pine-hollow', teeBox: 'blue', identifier: 'round-2026-11-24' };
const jsonBody = { ...metadata, image: { url: 'https://photos.example.com/scorecards/round-2026-11-24.jpg' } };
const multipartBody = { ...metadata, image: '(the JPEG, PNG or WebP bytes)' };
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
  source: { method: 'url', persisted: false },
  pages: [
    {
      pageInstanceId: PAGE,
      status: 'NORMALIZED',
      template: {
        designId: 'SM9H1',
        slug: 'm9-front-nine',
        version: 1,
        panel: 'F9',
        layoutRevision: 'm9h1-layout@1',
        fiducialFamily: 'caddie-markers@1',
        source: 'printed-identity',
        captureId: 'M9H1/front-nine-page',
        topology: 'single-page',
        definitionHash: HASH,
        revisionManifestHash: HASH,
      },
      printedMetadata: { text: 'SM9H1-E4', courseToken: null, designChunk: 'SM9H1', checksum: 'E4', correctionCount: 0 },
      normalization: {
        rotationDegrees: 2.4,
        sourceWidth: 3024,
        sourceHeight: 4032,
        sourceCorners: {
          topLeft: { x: 212.5, y: 388.1 },
          topRight: { x: 2811.2, y: 402.7 },
          bottomRight: { x: 2790.4, y: 3702.9 },
          bottomLeft: { x: 198.3, y: 3688.6 },
        },
        outputWidth: 1700,
        outputHeight: 2200,
        sourceToCanonical: [0.655, -0.011, -134.6, 0.012, 0.667, -261.2, 0, 0, 1],
      },
      regions: {
        coordinateSpace: { origin: 'top-left', unit: 'normalized-0-to-1', canonicalPixels: { width: 1700, height: 2200 } },
        captureId: 'M9H1/front-nine-page',
        topology: 'single-page',
        pages: [{ pageId: 'front', frame: box(0, 0, 1, 1) }],
        semanticRegions: [{ name: 'hole-1.score', kind: 'cell', pageId: 'front', holeNumber: 1, field: 'score', box: box(0.31, 0.21, 0.39, 0.26) }],
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
      artifacts: { normalizedImage: artifact('image/png', 1700, 2200, 1248331), debugImage: artifact('image/jpeg', 1512, 2016, 402117) },
      warnings: [],
    },
  ],
  discovery: { detectedCandidates: 5, decodedFiducials: 4, retainedFiducials: 4, matchedFiducials: 4, unmatchedFiducials: 0 },
  issues: [],
  warnings: [],
};

const processed = {
  requestId: REQUEST_ID,
  ...metadata,
  schema: 'caddie-scorecard-processing@3',
  status: 'COMPLETE_WITH_REVIEW',
  pages: [
    {
      pageInstanceId: PAGE,
      status: 'NEEDS_REVIEW',
      design: { designId: 'M9H1', panel: 'F9' },
      processing: {
        status: 'NEEDS_REVIEW',
        fields: [
          { row: 'hole-1', field: 'score', decision: 'ACCEPTED', value: 4, literal: '4', reasonCodes: [] },
          { row: 'hole-2', field: 'score', decision: 'NEEDS_REVIEW', value: null, literal: '7', bestGuess: 7, reasonCodes: ['low-confidence'] },
        ],
        summary: { totalCells: 20, acceptedCells: 19, reviewCells: 1, reviewRate: 0.05 },
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
        holes: [
          { holeNumber: 1, score: 4 },
          { holeNumber: 2, score: 7 },
        ],
        reviewHoleNumbers: [2],
      },
    },
  ],
  summary: { discoveredPages: 1, processedPages: 1, normalizedOnlyPages: 0, acceptedCells: 19, reviewCells: 1 },
  issues: [],
  warnings: [],
};

export const SCORECARD_EXAMPLES = {
  normalize: {
    summary: 'One front-nine page from a photo URL',
    body: jsonBody,
    bodies: { 'multipart/form-data': multipartBody, 'application/json': jsonBody },
    responses: { 200: normalized },
  },
  process: {
    summary: 'One front-nine page read, one score to review',
    parameters: { 'Idempotency-Key': 'round-2026-11-24-card-0042' },
    body: jsonBody,
    bodies: { 'multipart/form-data': multipartBody, 'application/json': jsonBody },
    responses: { 200: processed },
  },
} satisfies Record<string, OperationExample>;
