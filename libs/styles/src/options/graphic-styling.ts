/**
 * `style.graphicStyling`: fine control of the two Pencil styles. A client sends a partial
 * object; it is strictly deep-merged into the style's versioned defaults below, so the
 * normalized request always carries the complete merged object (equal results, equal keys).
 */
import type { GraphicStyle } from './graphics-vocabulary';
import type { ProblemList } from './graphics-request-error';

export const GRAPHIC_STYLING_VERSION = 1;
export const STYLING_WIDTH_RANGE = { min: 0, max: 16 } as const;

export interface StrokeStyling {
  color: string;
  width: number;
}

export interface PencilStyling {
  version: 1;
  /** the final envelope stroke (hidden by pencilPerimeter=false) */
  perimeter: StrokeStyling;
  fairway: StrokeStyling;
  green: StrokeStyling;
  tee: StrokeStyling;
  bunker: StrokeStyling;
  water: StrokeStyling;
  trees: StrokeStyling;
  buildings: StrokeStyling;
  paths: StrokeStyling;
  /** graphite shading strokes inside water and bunkers */
  hatching: StrokeStyling;
  labels: { color: string };
}

export interface ColoredPencilStyling {
  version: 1;
  outline: StrokeStyling;
  fills: {
    rough: string;
    fairway: string;
    green: string;
    tee: string;
    bunker: string;
    water: string;
    trees: string;
    buildings: string;
    parking: string;
    paths: string;
  };
  /** the single flat colour of service and non-motorized paths, and their width */
  paths: StrokeStyling;
  labels: { color: string };
}

const stroke = (color: string, width: number): StrokeStyling => ({ color, width });

export const PENCIL_STYLING_DEFAULTS: PencilStyling = {
  version: 1,
  perimeter: stroke('#2B2B2B', 2.5),
  fairway: stroke('#3C3C3C', 1.8),
  green: stroke('#2B2B2B', 2.2),
  tee: stroke('#3C3C3C', 1.5),
  bunker: stroke('#4D4D4D', 1.4),
  water: stroke('#3F4A52', 1.4),
  trees: stroke('#5E5E5E', 1),
  buildings: stroke('#6B6B6B', 1),
  paths: stroke('#707070', 1),
  hatching: stroke('#8A8A8A80', 0.6),
  labels: { color: '#2B2B2B' },
};

export const COLORED_PENCIL_STYLING_DEFAULTS: ColoredPencilStyling = {
  version: 1,
  outline: stroke('#3A3A32', 1.6),
  fills: {
    rough: '#C9DDA4',
    fairway: '#93C463',
    green: '#74B852',
    tee: '#86BF5C',
    bunker: '#F0E2B6',
    water: '#8DC2E4',
    trees: '#5C8E46',
    buildings: '#D8CEC0',
    parking: '#D9D5CC',
    paths: '#C8B89E',
  },
  paths: stroke('#C8B89E', 2),
  labels: { color: '#2E2E28' },
};

export function graphicStylingDefaults(style: GraphicStyle): PencilStyling | ColoredPencilStyling | null {
  if (style === 'pencil') return PENCIL_STYLING_DEFAULTS;
  if (style === 'colored-pencil') return COLORED_PENCIL_STYLING_DEFAULTS;
  return null;
}

const HEX = /^#[0-9A-F]{6}(?:[0-9A-F]{2})?$/;

type Tree = Record<string, unknown>;
const isTree = (v: unknown): v is Tree => v !== null && typeof v === 'object' && !Array.isArray(v);

function hasPath(tree: unknown, path: readonly string[]): boolean {
  let node = tree;
  for (const key of path) {
    if (!isTree(node) || !(key in node)) return false;
    node = node[key];
  }
  return true;
}

/** Six- or eight-digit hex, upper case; an opaque alpha (FF) is dropped so both spellings agree. */
function canonicalColor(raw: unknown): string | null {
  if (typeof raw !== 'string' || !HEX.test(raw.toUpperCase())) return null;
  const upper = raw.toUpperCase();
  return upper.length === 9 && upper.endsWith('FF') ? upper.slice(0, 7) : upper;
}

/**
 * Deep-merges `partial` into the defaults of `style`. Unknown fields, fields of the other Pencil
 * style and badly typed values are reported on `problems` under `parameter` + path.
 */
export function mergeGraphicStyling(style: GraphicStyle, partial: unknown, parameter: string, problems: ProblemList): Tree | null {
  const defaults = graphicStylingDefaults(style);
  if (!defaults) return null;
  const other = style === 'pencil' ? COLORED_PENCIL_STYLING_DEFAULTS : PENCIL_STYLING_DEFAULTS;

  const merge = (base: Tree, patch: unknown, path: string[]): Tree => {
    const out: Tree = { ...base };
    if (!isTree(patch)) {
      problems.add([parameter, ...path].join('.'), 'invalid-parameter', 'expected an object');
      return out;
    }
    for (const [key, value] of Object.entries(patch)) {
      const at = [...path, key];
      const name = [parameter, ...at].join('.');
      if (!(key in base)) {
        if (hasPath(other, at)) problems.add(name, 'incompatible-style-option', `not a field of ${style} styling`);
        else problems.add(name, 'unknown-parameter', 'not a graphicStyling field');
        continue;
      }
      const current = base[key];
      if (key === 'version') {
        if (value !== GRAPHIC_STYLING_VERSION) problems.add(name, 'invalid-parameter', `only version ${GRAPHIC_STYLING_VERSION} exists`);
      } else if (isTree(current)) {
        out[key] = merge(current, value, at);
      } else if (key === 'width') {
        const ok = typeof value === 'number' && value >= STYLING_WIDTH_RANGE.min && value <= STYLING_WIDTH_RANGE.max;
        if (ok) out[key] = value;
        else problems.add(name, 'invalid-parameter', `expected a width ${STYLING_WIDTH_RANGE.min}..${STYLING_WIDTH_RANGE.max}`);
      } else {
        const color = canonicalColor(value);
        if (color) out[key] = color;
        else problems.add(name, 'invalid-parameter', 'expected #RRGGBB or #RRGGBBAA');
      }
    }
    return out;
  };
  return merge(defaults as unknown as Tree, partial, []);
}
