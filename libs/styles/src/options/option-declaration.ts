/**
 * The shape of one row of the graphics option table. Every option of the spec is declared once
 * as such a row; parsing, normalization, OpenAPI parameters, the request-body JSON Schema and the
 * `/styles` document are all derived from the rows.
 */
import type { GraphicStyle, GraphicSubjectType } from './graphics-vocabulary';

export type OptionValue = string | number | boolean;

/** How a value is written and what it may be. */
export type OptionType =
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'integer'; min: number; max: number }
  | { kind: 'number'; min: number; max: number }
  | { kind: 'boolean' }
  /** `#RRGGBB`, normalized to upper case */
  | { kind: 'hex-color' }
  /**
   * A named value or `#RRGGBB`. `named` maps names to the colour they stand for (normalized to
   * the hex so both spellings share one cache identity); `fallback` replaces an invalid value
   * instead of rejecting it.
   */
  | { kind: 'named-or-hex-color'; names: readonly string[]; named?: Readonly<Record<string, string>>; fallback?: string }
  /** `small`/`medium`/`large` or a number in range */
  | { kind: 'named-or-number'; names: readonly string[]; min: number; max: number }
  /** one to four CSS-shorthand values; see padding-shorthand.ts */
  | { kind: 'image-padding'; auto: boolean; unitlessFractions: boolean }
  /** one to four CSS-shorthand metre values, each in range */
  | { kind: 'metric-padding'; min: number; max: number }
  | { kind: 'text'; maxLength: number }
  /** GET `context` list / POST `style.context: 'none'`: sets the paper-context layer booleans */
  | { kind: 'context-layers'; layers: readonly ContextLayerName[] }
  /** POST-only partial object deep-merged into the style's versioned defaults */
  | { kind: 'graphic-styling' };

export type OptionKind = OptionType['kind'];

export const CONTEXT_LAYER_NAMES = ['graphing', 'edges', 'contours', 'washes'] as const;
export type ContextLayerName = (typeof CONTEXT_LAYER_NAMES)[number];

/** Defaults computed from the request or the course rather than fixed. */
export const DEFAULT_RULES = {
  'per-subject':
    'the subject default size (Limits: portrait hole 1440x2400, landscape hole 2400x1440, green 1200x1200, profile 1600x600, course 2400x1600); when only one dimension is given the other keeps the default aspect ratio',
  'course-classification': 'medium-checks when the course classification (trimmed, lowercased) is private, resort or resorts, otherwise medium-stripes',
  'numeric-targets': 'exact when any of flagX, flagY, teeX, teeY (flagTarget, teeTarget) is given, otherwise preset',
  'furthest-tee': 'the furthest tee of the hole',
  'size-scaled': 'chosen by the renderer from the output size (18 pixels at the default 1600x600)',
  'style-defaults': 'the versioned defaults of the selected Pencil style, see graphicStylingDefaults in this document',
} as const;
export type DefaultRule = keyof typeof DEFAULT_RULES;

export type OptionDefault =
  | { value: OptionValue }
  | { rule: DefaultRule }
  /** Absent unless given: the option is then left out of the normalized request. */
  | { none: true };

/** `auto` values resolved from the course location (Graphics rules 6, 7 and the greenery rule). */
export type AutoRule = 'water-by-state' | 'housing-by-climate-zone' | 'greenery-by-agronomic-region';

export interface ValueAlias {
  value: string;
  canonical: string;
  deprecated: boolean;
  note?: string;
}

export interface NameAlias {
  name: string;
  deprecated: boolean;
}

/** What a style allows and defaults to when it narrows the option. */
export interface StyleRestriction {
  values?: readonly OptionValue[];
  default?: OptionValue;
  reason: string;
}

/**
 * The option only takes part when another option has a given value. When the condition does not
 * hold the option is left out of the normalized request (a value sent anyway is dropped, as the
 * spec says for `quality` with PNG), so equivalent requests share one cache identity.
 */
export interface AppliesWhen {
  option: string;
  in?: readonly OptionValue[];
  notIn?: readonly OptionValue[];
  /** true: the other option must have a value */
  present?: boolean;
}

export interface GraphicsOption {
  /** unique name; equal to the query name except for the second `padding` row */
  name: string;
  /** GET query parameter name; null when the option is POST-only or a path segment */
  query: string | null;
  queryAliases?: readonly NameAlias[];
  /** dotted path in the POST body; also the path in the normalized request */
  body: string | null;
  bodyAliases?: readonly NameAlias[];
  type: OptionType;
  default: OptionDefault;
  auto?: AutoRule;
  subjects: readonly GraphicSubjectType[];
  styles: readonly GraphicStyle[];
  styleRestrictions?: Partial<Record<GraphicStyle, StyleRestriction>>;
  appliesWhen?: AppliesWhen;
  /** names of options that may not be given together with this one */
  exclusiveWith?: readonly string[];
  aliases?: readonly ValueAlias[];
  /** values that are recognized but not accepted (e.g. `heatmap=slope`) */
  reserved?: readonly { value: string; reason: string }[];
  deprecated?: boolean;
  /**
   * A physical size (print size at the output dpi) standing in for the pixel option `side`: it is
   * converted to pixels and never appears in the normalized request itself.
   */
  physicalSize?: { side: 'width' | 'height'; unit: PhysicalUnit };
  description: string;
}

export type PhysicalUnit = 'mm' | 'in';
export const MM_PER_INCH = 25.4;
