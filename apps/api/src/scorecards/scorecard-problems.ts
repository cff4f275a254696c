import type { ProblemCodeSpec } from '../platform/problems/problem-codes';

/** The spec's "Scorecard errors shared by normalize and process" (platform codes are declared by the platform). */
export const SCORECARD_PROBLEMS = {
  'invalid-image-url': { status: 400, title: 'Invalid image URL', hint: 'Send a public https URL on the default port, without credentials or fragment.' },
  'invalid-multipart': { status: 400, title: 'Malformed multipart body', hint: 'Send multipart/form-data with a valid boundary and a file part named image.' },
  'invalid-scorecard-request': {
    status: 400,
    title: 'Invalid scorecard request',
    hint: 'Fields are missing, duplicated, unknown or invalid; send one image and optional identifier, courseId, teeBox strings.',
  },
  'image-decode-failed': { status: 400, title: 'Image decode failed', hint: 'The image is not a complete JPEG, PNG or WebP file.' },
  'image-fetch-failed': {
    status: 502,
    title: 'Image fetch failed',
    hint: 'The image URL could not be downloaded within 15 seconds; retry if the source was briefly unavailable.',
  },
  'image-too-large': {
    status: 413,
    title: 'Image too large',
    hint: 'Images are limited to 4,000,000 bytes uploaded (15 MiB by URL) and 40,000,000 decoded pixels.',
  },
  'registration-markers-incomplete': {
    status: 422,
    title: 'Registration markers incomplete',
    hint: 'No complete page was found: keep all four corner markers of a page visible and retake the photo.',
  },
  'scorecard-capture-disabled': {
    status: 422,
    title: 'Capture disabled',
    hint: 'This capture or topology is not in the production registry yet; photograph single pages.',
  },
  'scorecard-capture-ambiguous': {
    status: 422,
    title: 'Capture ambiguous',
    hint: 'The markers fit more than one capture surface; photograph one card at a time.',
  },
  'scorecard-artifact-signing-unavailable': { status: 503, title: 'Artifact signing unavailable', hint: 'Retry with backoff; no result was delivered.' },
  'scorecard-artifact-storage-unavailable': {
    status: 503,
    title: 'Artifact storage unavailable',
    hint: 'Retry with backoff; partial derived objects were cleaned up.',
  },
  'scorecard-artifact-verification-failed': {
    status: 503,
    title: 'Artifact verification failed',
    hint: 'Retry with backoff; unverified derived objects were cleaned up.',
  },
  'scorecard-design-detection-unavailable': {
    status: 503,
    title: 'Design detection unavailable',
    hint: 'The printed design reader is unavailable; retry with backoff.',
  },
  'scorecard-design-disabled': {
    status: 422,
    title: 'Design disabled',
    hint: 'The printed design is registered but not in the production rollout; try later.',
  },
  'scorecard-design-contradictory': {
    status: 422,
    title: 'Design contradictory',
    hint: 'The printed label and the marker topology disagree; use an unaltered printed card.',
  },
  'scorecard-design-unknown': { status: 422, title: 'Design unknown', hint: 'The printed design is not registered.' },
  'scorecard-design-unreadable': {
    status: 422,
    title: 'Design unreadable',
    hint: 'The S identity label beside the lower-left marker is unreadable; retake the photo closer and sharper.',
  },
  'scorecard-identity-contradictory': {
    status: 422,
    title: 'Identity contradictory',
    hint: 'Another scorecard or identity label is in frame; photograph one card.',
  },
  'scorecard-index-marker-missing': {
    status: 422,
    title: 'Index marker missing',
    hint: 'The lower-left identity marker or its label is not visible; uncover it and retake the photo.',
  },
  'scorecard-normalization-unavailable': {
    status: 503,
    title: 'Normalization unavailable',
    hint: 'No normalization worker answered in time; retry with backoff.',
  },
  'scorecard-normalization-version-incompatible': {
    status: 406,
    title: 'Normalization version incompatible',
    hint: 'The requested version cannot describe this capture; request version 4.',
  },
  'scorecard-perspective-invalid': {
    status: 422,
    title: 'Perspective invalid',
    hint: 'The photo is too steep or the corners are not separated; hold the phone about parallel to the paper.',
  },
  'scorecard-request-too-large': { status: 413, title: 'Scorecard request too large', hint: 'The whole multipart request is limited to 4,250,000 bytes.' },
  'unsupported-image-type': { status: 415, title: 'Unsupported image type', hint: 'Send a JPEG, PNG or WebP image.' },
  'unsupported-normalization-version': {
    status: 406,
    title: 'Unsupported normalization version',
    hint: 'The normalization version header must be 2, 3 or 4 (default 4).',
  },
} satisfies Record<string, ProblemCodeSpec>;

/** A JSON body over the body limit is a scorecard request too large as well, not the generic code. */
export const SCORECARD_TOO_LARGE = { prefix: '/v1/scorecards/', code: 'scorecard-request-too-large' } as const;

/** Codes a worker may report back through a failed job (everything else there is a 503). */
export const WORKER_REPORTABLE_CODES: ReadonlySet<string> = new Set([
  'image-decode-failed',
  'image-too-large',
  'unsupported-image-type',
  'registration-markers-incomplete',
  'scorecard-capture-disabled',
  'scorecard-capture-ambiguous',
  'scorecard-artifact-storage-unavailable',
  'scorecard-artifact-verification-failed',
  'scorecard-design-detection-unavailable',
  'scorecard-design-disabled',
  'scorecard-design-contradictory',
  'scorecard-design-unknown',
  'scorecard-design-unreadable',
  'scorecard-identity-contradictory',
  'scorecard-index-marker-missing',
  'scorecard-normalization-unavailable',
  'scorecard-normalization-version-incompatible',
  'scorecard-perspective-invalid',
]);
