/** Typed failures of the printables lib; the API maps each `code` to a problem document. */
export interface PrintableParameterProblem {
  parameter: string;
  code: string;
  detail: string;
}

/** A template or option the request cannot use: 404 for an unknown template, 400 otherwise. */
export class PrintableRequestError extends Error {
  constructor(
    readonly code: string,
    readonly status: 400 | 404,
    message: string,
    readonly errors: PrintableParameterProblem[],
  ) {
    super(message);
    this.name = 'PrintableRequestError';
  }
}

/** The course lacks data the template cannot print without (API: 422 with this code). */
export class PrintableDataMissingError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PrintableDataMissingError';
  }
}

/** The request asks for something Rule 4.3 forbids while `rules` is `rule-4.3` (API: 422). */
export class PrintableRuleViolationError extends Error {
  readonly code = 'printable-rule-4.3-violation';
  constructor(
    message: string,
    readonly reasons: string[],
  ) {
    super(message);
    this.name = 'PrintableRuleViolationError';
  }
}

/**
 * The options cannot be rendered (artwork outside the renderer's pixel range, a page raster too
 * large): found at compile from the raster plan, never by a render worker (API: 422).
 */
export class PrintableUnrenderableError extends Error {
  readonly code = 'printable-options-unrenderable';
  constructor(
    message: string,
    readonly reasons: string[],
  ) {
    super(message);
    this.name = 'PrintableUnrenderableError';
  }
}
