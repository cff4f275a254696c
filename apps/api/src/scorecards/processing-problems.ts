import { IDEMPOTENCY_PROBLEMS } from '../platform/idempotency/idempotency-problems';
import type { ProblemCodeSpec } from '../platform/problems/problem-codes';

/** The spec's "Processing-only errors", plus the shared metering code only processing raises. */
export const PROCESSING_PROBLEMS = {
  ...IDEMPOTENCY_PROBLEMS,
  'scorecard-extraction-failed': {
    status: 502,
    title: 'Handwriting extraction failed',
    hint: 'Retry with the same key; retake a clearer photo if image quality caused it.',
  },
  'scorecard-idempotency-unavailable': { status: 503, title: 'Idempotency store unavailable', hint: 'Retry with the same key after backoff.' },
  'scorecard-processing-configuration-invalid': {
    status: 503,
    title: 'Processing configuration invalid',
    hint: "The server's handwriting provider is misconfigured; do not retry until the operator fixes it.",
  },
  'scorecard-processing-deadline-exceeded': {
    status: 504,
    title: 'Processing deadline exceeded',
    hint: 'Retry with the same key only when retryWithSameKey is true; otherwise the outcome is unknown.',
  },
  'scorecard-processing-in-progress': {
    status: 409,
    title: 'Processing in progress',
    hint: 'Another request with this key is running; wait for Retry-After and resend the same key and exact input.',
  },
  'scorecard-processing-outcome-unknown': {
    status: 409,
    title: 'Processing outcome unknown',
    hint: 'The handwriting may have been read but no result was stored; do not create a new key automatically.',
  },
  'scorecard-processing-panel-unsupported': {
    status: 422,
    title: 'Panel unsupported',
    hint: 'This panel is not supported for handwriting extraction; send it to normalize for geometry only.',
  },
  'scorecard-processing-unavailable': { status: 503, title: 'Processing unavailable', hint: 'Retry with the same key with backoff.' },
  'scorecard-processing-version-incompatible': {
    status: 406,
    title: 'Processing version incompatible',
    hint: 'This server serves processing version 3; omit the header or send 3.',
  },
  'scorecard-response-too-large': {
    status: 503,
    title: 'Response too large',
    hint: 'The result could not be stored for safe replay; it was not delivered or metered.',
  },
  'usage-meter-unavailable': {
    status: 503,
    title: 'Usage meter unavailable',
    hint: 'Retry with the same key; nothing of the failed attempt was kept or metered.',
  },
} satisfies Record<string, ProblemCodeSpec>;

/** Codes a worker may report through a failed `scorecard.process` job, besides the shared ones. */
export const PROCESSING_WORKER_CODES: ReadonlySet<string> = new Set([
  'scorecard-extraction-failed',
  'scorecard-processing-configuration-invalid',
  'scorecard-processing-outcome-unknown',
  'scorecard-processing-panel-unsupported',
  'scorecard-processing-unavailable',
]);
