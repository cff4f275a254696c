/** JSON Schemas of the normalize request and the version 4 response, for the OpenAPI document. */
const point = { type: 'object', required: ['x', 'y'], properties: { x: { type: 'number' }, y: { type: 'number' } }, additionalProperties: false };
const box = {
  type: 'object',
  description: 'Normalized 0..1 box, origin top-left, relative to the canonical image.',
  required: ['x1', 'y1', 'x2', 'y2'],
  properties: { x1: { type: 'number' }, y1: { type: 'number' }, x2: { type: 'number' }, y2: { type: 'number' } },
  additionalProperties: false,
};
const nullableString = { type: ['string', 'null'] };
const sha256 = { type: 'string', pattern: '^sha256:[0-9a-f]{64}$' };

const artifactDescriptor = {
  type: 'object',
  required: ['url', 'contentType', 'sizeBytes', 'sha256', 'width', 'height', 'expiresAt', 'retentionUntil'],
  properties: {
    url: { type: 'string', format: 'uri', description: 'Temporary signed bearer URL (sensitive); valid until expiresAt, never re-signed.' },
    contentType: { type: 'string', enum: ['image/png', 'image/jpeg'] },
    sizeBytes: { type: 'integer', minimum: 1 },
    sha256: { ...sha256, description: 'sha256: + digest of the returned bytes' },
    width: { type: 'integer', minimum: 1 },
    height: { type: 'integer', minimum: 1 },
    expiresAt: { type: 'string', format: 'date-time', description: 'At most 1 hour after the response (spec bound 24 hours).' },
    retentionUntil: {
      type: 'string',
      format: 'date-time',
      description: 'Earliest lifecycle deletion: 1 day after the request, rounded up to the next UTC midnight.',
    },
  },
  additionalProperties: false,
};

const issue = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: {
      type: 'string',
      description:
        'registration-markers-incomplete, scorecard-perspective-invalid, unassigned-marker, unreliable-marker, page-limit-exceeded, or the problem code of a page that failed (scorecard-design-*, scorecard-capture-disabled).',
    },
    message: { type: 'string' },
    captureId: { type: 'string' },
    markerIds: { type: 'array', items: { type: 'integer' } },
    pageInstanceId: { type: 'string', description: 'The REJECTED page entry this issue belongs to.' },
  },
  additionalProperties: false,
};
const warning = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' } },
  additionalProperties: false,
};

export const normalizationTemplateSchema = {
  type: 'object',
  required: [
    'designId',
    'slug',
    'version',
    'panel',
    'layoutRevision',
    'fiducialFamily',
    'source',
    'captureId',
    'topology',
    'definitionHash',
    'revisionManifestHash',
  ],
  properties: {
    designId: { type: 'string', enum: ['SM9H1', 'SM9H1GG', 'SM9H10GG', 'SM18F', 'SM18B'] },
    slug: { type: 'string' },
    version: { type: 'integer' },
    panel: { type: 'string', enum: ['F9', 'B9'] },
    layoutRevision: { type: 'string' },
    fiducialFamily: { type: 'string' },
    source: { type: 'string', enum: ['printed-identity'] },
    captureId: { type: 'string' },
    topology: { type: 'string', enum: ['single-page', 'horizontal-spread', 'vertical-spread'] },
    definitionHash: sha256,
    revisionManifestHash: sha256,
  },
  additionalProperties: false,
};

const page = {
  type: 'object',
  required: ['pageInstanceId', 'status', 'template', 'printedMetadata', 'normalization', 'regions', 'quality', 'artifacts', 'warnings'],
  properties: {
    pageInstanceId: { type: 'string' },
    status: { type: 'string', enum: ['NORMALIZED'] },
    template: normalizationTemplateSchema,
    printedMetadata: {
      type: 'object',
      required: ['text', 'courseToken', 'designChunk', 'checksum', 'correctionCount'],
      properties: {
        text: { type: 'string' },
        courseToken: nullableString,
        designChunk: { type: 'string' },
        checksum: { type: 'string' },
        correctionCount: { type: 'integer', minimum: 0 },
      },
      additionalProperties: false,
    },
    normalization: {
      type: 'object',
      required: ['rotationDegrees', 'sourceWidth', 'sourceHeight', 'sourceCorners', 'outputWidth', 'outputHeight', 'sourceToCanonical'],
      properties: {
        rotationDegrees: { type: 'number' },
        sourceWidth: { type: 'integer' },
        sourceHeight: { type: 'integer' },
        sourceCorners: {
          type: 'object',
          required: ['topLeft', 'topRight', 'bottomRight', 'bottomLeft'],
          properties: { topLeft: point, topRight: point, bottomRight: point, bottomLeft: point },
          additionalProperties: false,
        },
        outputWidth: { type: 'integer' },
        outputHeight: { type: 'integer' },
        sourceToCanonical: {
          type: 'array',
          items: { type: 'number' },
          minItems: 9,
          maxItems: 9,
          description: 'Row-major 3x3 transform from source pixels to canonical pixels (pixel centres at integers).',
        },
      },
      additionalProperties: false,
    },
    regions: {
      type: 'object',
      required: ['coordinateSpace', 'captureId', 'topology', 'pages', 'semanticRegions'],
      properties: {
        coordinateSpace: {
          type: 'object',
          required: ['origin', 'unit', 'canonicalPixels'],
          properties: {
            origin: { const: 'top-left' },
            unit: { const: 'normalized-0-to-1' },
            canonicalPixels: {
              type: 'object',
              required: ['width', 'height'],
              properties: { width: { type: 'integer' }, height: { type: 'integer' } },
              additionalProperties: false,
            },
          },
          additionalProperties: false,
        },
        captureId: { type: 'string' },
        topology: { type: 'string' },
        pages: {
          type: 'array',
          items: { type: 'object', required: ['pageId', 'frame'], properties: { pageId: { type: 'string' }, frame: box }, additionalProperties: false },
        },
        semanticRegions: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'kind', 'pageId', 'box'],
            properties: {
              name: { type: 'string' },
              kind: { type: 'string', enum: ['identity-label', 'hole-row', 'cell', 'totals', 'supplemental-area', 'supplemental-field'] },
              pageId: { type: 'string' },
              holeNumber: { type: 'integer' },
              field: { type: 'string' },
              box,
            },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
    quality: {
      type: 'object',
      required: [
        'confidence',
        'band',
        'detectedCandidates',
        'decodedFiducials',
        'matchedFiducials',
        'reprojectionRmsPixels',
        'reprojectionMaxPixels',
        'markerEvidence',
      ],
      properties: {
        confidence: { type: 'number', minimum: 0, maximum: 1 },
        band: { type: 'string', enum: ['high', 'medium', 'low'] },
        detectedCandidates: { type: 'integer' },
        decodedFiducials: { type: 'integer' },
        matchedFiducials: { type: 'integer' },
        reprojectionRmsPixels: { type: 'number' },
        reprojectionMaxPixels: { type: 'number' },
        markerEvidence: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'kind', 'sourceCenter', 'bitErrors', 'contrast', 'pixelsPerModule', 'reprojectionErrorPixels'],
            properties: {
              name: { type: 'string' },
              kind: { type: 'string', enum: ['corner', 'index', 'fold'] },
              sourceCenter: point,
              bitErrors: { type: 'integer' },
              contrast: { type: 'number' },
              pixelsPerModule: { type: 'number' },
              reprojectionErrorPixels: { type: 'number' },
            },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
    artifacts: {
      type: 'object',
      required: ['normalizedImage', 'debugImage'],
      properties: { normalizedImage: artifactDescriptor, debugImage: artifactDescriptor },
      additionalProperties: false,
    },
    warnings: { type: 'array', items: warning },
  },
  additionalProperties: false,
};

/** A complete page (every marker registered) that was not accepted; its issue says why. */
const rejectedPage = {
  type: 'object',
  required: ['pageInstanceId', 'status', 'captureId', 'topology', 'sourceCorners', 'issues', 'warnings'],
  properties: {
    pageInstanceId: { type: 'string' },
    status: { type: 'string', enum: ['REJECTED'] },
    captureId: { type: 'string' },
    topology: { type: 'string', enum: ['single-page', 'horizontal-spread', 'vertical-spread'] },
    sourceCorners: { type: 'object', description: 'The page corners in the photo, pixels: topLeft, topRight, bottomRight, bottomLeft, each {x, y}.' },
    issues: { type: 'array', minItems: 1, items: issue },
    warnings: { type: 'array', items: warning },
  },
  additionalProperties: false,
};

export const normalizationV4Schema = {
  type: 'object',
  description:
    'Version 4 (default). Versions 2 and 3 (header 2 or 3) return the single-capture shapes of the spec with schema caddie-scorecard-normalization@2 / @3.',
  required: ['requestId', 'courseId', 'teeBox', 'identifier', 'schema', 'status', 'source', 'pages', 'discovery', 'issues', 'warnings'],
  properties: {
    requestId: { type: 'string' },
    courseId: nullableString,
    teeBox: nullableString,
    identifier: nullableString,
    schema: { type: 'string', description: '`<operator>-scorecard-normalization@4`' },
    status: {
      type: 'string',
      enum: ['COMPLETE', 'PARTIAL'],
      description: 'PARTIAL: complete pages returned, other evidence (incomplete pages, unreadable or disabled identities, stray markers) listed in issues.',
    },
    source: {
      type: 'object',
      required: ['method', 'persisted'],
      properties: { method: { type: 'string', enum: ['multipart', 'url'] }, persisted: { const: false } },
      additionalProperties: false,
    },
    pages: {
      type: 'array',
      minItems: 1,
      maxItems: 4,
      description: 'Every complete page found, in reading order (rows top to bottom, left to right within a row); at least one is NORMALIZED.',
      items: { oneOf: [page, rejectedPage] },
    },
    discovery: {
      type: 'object',
      required: ['detectedCandidates', 'decodedFiducials', 'retainedFiducials', 'matchedFiducials', 'unmatchedFiducials'],
      properties: {
        detectedCandidates: { type: 'integer' },
        decodedFiducials: { type: 'integer' },
        retainedFiducials: { type: 'integer' },
        matchedFiducials: { type: 'integer' },
        unmatchedFiducials: { type: 'integer' },
      },
      additionalProperties: false,
    },
    issues: { type: 'array', items: issue },
    warnings: { type: 'array', items: warning },
  },
  additionalProperties: false,
};

export const normalizeRequestSchema = {
  description:
    'multipart/form-data: file part `image` (JPEG, PNG or WebP, at most 4,000,000 bytes; whole request at most 4,250,000 bytes) and optional text parts `identifier`, `courseId`, `teeBox`. application/json: `{ identifier?, courseId?, teeBox?, image: { url } }` with a public https URL (default port, no credentials, no fragment; at most 15 MiB, 3 redirects, 15 s). Metadata strings (1..200 characters) are echoed and do not affect processing.',
  oneOf: [
    {
      title: 'multipart/form-data',
      type: 'object',
      required: ['image'],
      properties: {
        image: { type: 'string', format: 'binary' },
        identifier: { type: 'string', maxLength: 200 },
        courseId: { type: 'string', maxLength: 200 },
        teeBox: { type: 'string', maxLength: 200 },
      },
    },
    {
      title: 'application/json',
      type: 'object',
      required: ['image'],
      properties: {
        identifier: { type: 'string', maxLength: 200 },
        courseId: { type: 'string', maxLength: 200 },
        teeBox: { type: 'string', maxLength: 200 },
        image: { type: 'object', required: ['url'], properties: { url: { type: 'string', format: 'uri' } }, additionalProperties: false },
      },
      additionalProperties: false,
    },
  ],
};
