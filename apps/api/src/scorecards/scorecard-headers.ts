import { DEFAULT_NORMALIZATION_VERSION, NORMALIZATION_VERSIONS } from '@caddie/scorecards';
import { OPERATOR_PLACEHOLDER, type HeaderParameterSpec } from '../platform/http/operation.decorator';
import { IDEMPOTENCY_KEY_PATTERN } from '../platform/idempotency/idempotency-store';

/** The processing contract served (spec Versioning 3; versions 1 and 2 are earlier contracts not served here). */
export const PROCESSING_VERSION = 3;

/** The request headers of the scorecard operations: their @Operation declarations and the services read these. */
export const NORMALIZATION_VERSION_HEADER = {
  name: `${OPERATOR_PLACEHOLDER}-scorecard-normalization-version`,
  required: false,
  description: `Normalization response version: ${NORMALIZATION_VERSIONS.join(', ')} (default ${DEFAULT_NORMALIZATION_VERSION}). Any other value answers 406 \`unsupported-normalization-version\`.`,
  schema: { type: 'string', enum: NORMALIZATION_VERSIONS.map(String), default: String(DEFAULT_NORMALIZATION_VERSION) },
} as const satisfies HeaderParameterSpec;

export const PROCESSING_VERSION_HEADER = {
  name: `${OPERATOR_PLACEHOLDER}-scorecard-processing-version`,
  required: false,
  description: `Processing contract version: ${PROCESSING_VERSION} (default). Versions 1, 2 and any other value answer 406 \`scorecard-processing-version-incompatible\`.`,
  schema: { type: 'string', enum: [String(PROCESSING_VERSION)], default: String(PROCESSING_VERSION) },
} as const satisfies HeaderParameterSpec;

export const IDEMPOTENCY_KEY_HEADER = {
  name: 'Idempotency-Key',
  required: true,
  description: 'One key per logical photo request, 8..128 visible ASCII characters; results are kept 24 hours for replay.',
  schema: { type: 'string', minLength: 8, maxLength: 128, pattern: IDEMPOTENCY_KEY_PATTERN.source },
} as const satisfies HeaderParameterSpec;
