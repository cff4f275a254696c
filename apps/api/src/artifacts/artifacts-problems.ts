import type { ProblemCodeSpec } from '../platform/problems/problem-codes';

/** Problem codes of the signed artifact URLs. */
export const ARTIFACTS_PROBLEMS = {
  'invalid-signature': { status: 403, title: 'Invalid signature', hint: 'The signed URL was altered or belongs to another object; request a new one.' },
  'signature-expired': { status: 403, title: 'Signed URL expired', hint: 'Signed URLs are short-lived and never refreshed; request the artifact again.' },
  'artifact-not-found': { status: 404, title: 'Artifact not found', hint: 'The artifact no longer exists (lifecycle deletion) or never did.' },
} satisfies Record<string, ProblemCodeSpec>;
