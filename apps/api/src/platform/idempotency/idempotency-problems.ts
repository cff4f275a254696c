import type { ProblemCodeSpec } from '../problems/problem-codes';

/** Codes every operation that takes an Idempotency-Key shares. */
export const IDEMPOTENCY_PROBLEMS = {
  'idempotency-key-conflict': {
    status: 409,
    title: 'Idempotency key conflict',
    hint: 'This Idempotency-Key was used with a different input; use a new key for a new request.',
  },
  'invalid-idempotency-key': { status: 400, title: 'Invalid idempotency key', hint: 'Send an Idempotency-Key header of 8 to 128 visible ASCII characters.' },
} satisfies Record<string, ProblemCodeSpec>;
