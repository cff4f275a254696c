/** The typed error of graphics request validation: every problem of one request, together. */

export const GRAPHICS_PROBLEM_CODES = [
  /** wrong type, out of range, not an allowed value */
  'invalid-parameter',
  /** not an option of this route (or a misplaced body field) */
  'unknown-parameter',
  /** a GET query parameter given more than once */
  'repeated-parameter',
  /** a required field is absent */
  'missing-parameter',
  /** the option does not apply to the requested subject (Graphics rule 5) */
  'parameter-not-applicable',
  /** the option or value is incompatible with the selected graphicStyle (Graphics rules 2, 3) */
  'incompatible-style-option',
  /** options that may not be combined */
  'conflicting-parameters',
  /** a recognized value that is reserved and not accepted (heatmap=slope, waterTreatment=none) */
  'unsupported-value',
  /** subject path or subject type not served */
  'unsupported-subject',
  /** image format not served */
  'unsupported-format',
  /** width x height above the area limit */
  'image-too-large',
  /** padding leaves no room for the artwork */
  'padding-too-large',
] as const;
export type GraphicsProblemCode = (typeof GRAPHICS_PROBLEM_CODES)[number];

export interface GraphicsRequestProblem {
  /** GET query name or dotted POST body path, as the client wrote it */
  parameter: string;
  code: GraphicsProblemCode;
  detail: string;
}

export class GraphicsRequestError extends Error {
  readonly code = 'invalid-graphics-request';
  constructor(readonly problems: readonly GraphicsRequestProblem[]) {
    super(`Invalid graphics request: ${problems.map((p) => `${p.parameter}: ${p.detail} (${p.code})`).join('; ')}`);
    this.name = 'GraphicsRequestError';
  }
}

/** Collects problems while a request is read, so they are reported together. */
export class ProblemList {
  readonly items: GraphicsRequestProblem[] = [];
  add(parameter: string, code: GraphicsProblemCode, detail: string): void {
    this.items.push({ parameter, code, detail });
  }
  throwIfAny(): void {
    if (this.items.length > 0) throw new GraphicsRequestError(this.items);
  }
}
