import type { ProblemCodeSpec } from '../platform/problems/problem-codes';

/** Problem codes of the course-printables routes (request and data codes come from libs/printables). */
export const PRINTABLE_REQUEST_PROBLEMS = {
  'printable-template-not-found': {
    status: 404,
    title: 'Printable template not found',
    hint: 'No published template has this id and version; GET /v1/printables/templates lists them.',
  },
  'invalid-printable-template': { status: 400, title: 'Invalid template id', hint: 'Name a template as family@version, e.g. yardage-book@1.' },
  'unknown-printable-option': {
    status: 400,
    title: 'Unknown printable option',
    hint: 'The template does not take this option; its description lists the options it takes.',
  },
  'invalid-printable-option': {
    status: 400,
    title: 'Invalid printable option',
    hint: 'The option value is outside what the template declares; see the template description.',
  },
  'invalid-printable-request': { status: 400, title: 'Invalid printable request', hint: 'Several options are wrong; errors[] names each one.' },
};

/** The course lacks what a page needs (nothing is invented), or the request breaks Rule 4.3 in rule-4.3 mode. */
export const PRINTABLE_DATA_PROBLEMS = {
  'printable-data-missing': { status: 422, title: 'Course data missing', hint: 'The course lacks data a page of this template needs; detail names it.' },
  'printable-geometry-missing': { status: 422, title: 'Course geometry missing', hint: 'The course has no mapped geometry to print.' },
  'printable-hole-missing': { status: 422, title: 'Hole missing', hint: 'The course has no hole with that number.' },
  'printable-holes-missing': { status: 422, title: 'Holes missing', hint: 'The course lacks the holes this template or design prints.' },
  'printable-hole-geometry-missing': { status: 422, title: 'Hole geometry missing', hint: 'A hole the printable needs has no mapped play line.' },
  'printable-greens-missing': { status: 422, title: 'Greens missing', hint: 'The course has no mapped greens for the green pages.' },
  'printable-design-missing': { status: 422, title: 'Scorecard design missing', hint: 'The scorecard design is not in the production catalog.' },
  'printable-options-unrenderable': {
    status: 422,
    title: 'Options cannot be rendered',
    hint: 'At this dpi and page size an artwork or page raster falls outside what the renderer makes; reasons[] names each one and the dpi that works.',
  },
  'printable-rule-4.3-violation': {
    status: 422,
    title: 'Rule 4.3 violation',
    hint: 'In rules "rule-4.3" mode greens print at 1:480 or smaller on pages of at most 4 1/4 x 7 in; send rules "none" for a book not used during play.',
  },
};

/** Every code of the course-printables routes. */
export const PRINTABLES_PROBLEMS = {
  ...PRINTABLE_REQUEST_PROBLEMS,
  ...PRINTABLE_DATA_PROBLEMS,
  'printable-not-found': { status: 404, title: 'Printable not found', hint: 'No printable of your organization has this id (any more).' },
  'invalid-cursor': { status: 400, title: 'Invalid cursor', hint: 'Pass back the nextCursor of the previous page unchanged.' },
  'printable-create-in-progress': {
    status: 409,
    title: 'Printable creation in progress',
    hint: 'A request with this Idempotency-Key is still running; resend it after Retry-After.',
  },
  'printable-course-changed': { status: 409, title: 'Course changed', hint: 'The course changed while the printable was rendering; create it again.' },
  'printable-render-failed': {
    status: 500,
    title: 'Printable render failed',
    hint: 'The render failed on our side; create the printable again later and quote the requestId.',
  },
  'printable-render-lost': { status: 500, title: 'Printable render lost', hint: 'The render ended without a stored package; create the printable again.' },
  'printable-package-busy': {
    status: 503,
    title: 'Printable content busy',
    hint: 'Another request is creating or deleting a printable with the same content; retry after Retry-After.',
  },
  'printable-idempotency-unavailable': { status: 503, title: 'Idempotency store unavailable', hint: 'Retry with the same Idempotency-Key after backoff.' },
} satisfies Record<string, ProblemCodeSpec>;

/** Codes a failed printable flow may carry in its `error` (the rest read as printable-render-failed). */
export const PRINTABLE_FAILURE_CODES: ReadonlySet<string> = new Set([
  ...Object.keys(PRINTABLE_DATA_PROBLEMS),
  'course-not-found',
  'printable-course-changed',
  'printable-render-failed',
]);
