import type { ProblemCodeSpec } from '../platform/problems/problem-codes';

/** Problem codes of the console routes (`/console/...`). */
export const CONSOLE_PROBLEMS = {
  'console-sign-in-invalid': {
    status: 401,
    title: 'Sign-in link not valid',
    hint: 'The link is unknown, already used or expired; create a new one with npm run console -- link.',
  },
  'console-session-required': {
    status: 401,
    title: 'Console session required',
    hint: 'Sign in again through a link from npm run console -- link; the session ended, expired or was never started.',
  },
  'console-csrf-failed': {
    status: 403,
    title: 'CSRF token missing or wrong',
    hint: 'State-changing console calls carry the x-csrf-token header from GET /console/api/session.',
  },
  'console-key-not-found': { status: 404, title: 'Key not found', hint: 'No key with this id belongs to the organization of the session.' },
  'console-scope-reserved': {
    status: 403,
    title: 'Scope reserved for the operator',
    hint: 'Operator scopes (operations:read: platform-wide metrics) are granted only with npm run keys by the operator, never from the console.',
  },
  'console-key-invalid': { status: 400, title: 'Key request invalid', hint: 'Give a name, a kind and scopes the kind may hold (see the detail).' },
  'console-scorecard-design-unknown': {
    status: 404,
    title: 'Scorecard design not printable',
    hint: 'Pick one of the production designs listed by GET /console/api/scorecards/designs.',
  },
  'console-scorecard-correction-invalid': {
    status: 400,
    title: 'Correction not valid',
    hint: 'Each correction names a field of the page and a value the field accepts (see the detail).',
  },
} satisfies Record<string, ProblemCodeSpec>;
