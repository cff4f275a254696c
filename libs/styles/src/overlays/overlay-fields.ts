/**
 * Field types shared by the overlay component schemas (spec "Graphics: overlay resolution").
 * Each factory takes the component's default so every default is declared once, at its use.
 */
import { z } from 'zod';
import { FAIRWAY_WIDTH_YARDAGES } from '../options/graphics-vocabulary';

/** Item id: first character A-Za-z0-9, then up to 63 of A-Za-z0-9_- */
export const OVERLAY_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
export const HEX_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

export const STROKE_STYLES = ['solid', 'dashed', 'dotted', 'dash-dot'] as const;
export type StrokeStyle = (typeof STROKE_STYLES)[number];
export const LABEL_PRECISIONS = ['rounded', 'measured'] as const;
export type LabelPrecision = (typeof LABEL_PRECISIONS)[number];
export const IMAGE_CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type ImageCorner = (typeof IMAGE_CORNERS)[number];
/** Longest `from` value (tee name or "longitude,latitude"). */
export const FROM_MAX_LENGTH = 100;

/** `#RRGGBB`, normalized to upper case so equal colours compare equal. */
export const hexColor = (fallback: string) =>
  z
    .string()
    .regex(HEX_COLOR_PATTERN, 'expected #RRGGBB')
    .transform((v) => v.toUpperCase())
    .default(fallback);

export const optionalHexColor = () =>
  z
    .string()
    .regex(HEX_COLOR_PATTERN, 'expected #RRGGBB')
    .transform((v) => v.toUpperCase())
    .optional();

export const integerIn = (min: number, max: number, fallback: number) => z.number().int().min(min).max(max).default(fallback);
export const numberIn = (min: number, max: number, fallback: number) => z.number().min(min).max(max).default(fallback);
export const atLeast = (min: number, fallback: number) => z.number().int().min(min).default(fallback);
export const flag = (fallback: boolean) => z.boolean().default(fallback);
export const strokeStyle = (fallback: StrokeStyle) => z.enum(STROKE_STYLES).default(fallback);
export const labelPrecision = () => z.enum(LABEL_PRECISIONS).default('rounded');

/**
 * `from`: a case-insensitive tee name (a tee set's name or id) or a "longitude,latitude" pair;
 * absent means the hole's furthest tee. A value that reads as two numbers must be a valid pair.
 */
export const teeReference = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(FROM_MAX_LENGTH)
    .superRefine((value, context) => {
      const pair = parseLonLatPair(value);
      if (pair === 'invalid') context.addIssue({ code: 'custom', message: 'a longitude,latitude pair needs longitude -180..180 and latitude -90..90' });
    })
    .optional();

/**
 * Yard targets: an array of 1..12 whole numbers 1..800, or the same as a comma-delimited string.
 * Parts of a string that are not whole numbers stay strings, so they fail with their own path.
 */
export const yardageTargets = () =>
  z
    .preprocess(
      (value) => (typeof value === 'string' ? value.split(',').map((part) => (/^\s*\d+\s*$/.test(part) ? Number(part) : part.trim())) : value),
      z
        .array(z.number().int().min(FAIRWAY_WIDTH_YARDAGES.min).max(FAIRWAY_WIDTH_YARDAGES.max))
        .min(FAIRWAY_WIDTH_YARDAGES.minItems)
        .max(FAIRWAY_WIDTH_YARDAGES.maxItems),
    )
    .optional();

const NUMBER = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)`;
const PAIR = new RegExp(`^\\s*(${NUMBER})\\s*,\\s*(${NUMBER})\\s*$`);

/** "lon,lat" -> [lon, lat]; null when the text is not two numbers (a tee name); 'invalid' when out of range. */
export function parseLonLatPair(text: string): [number, number] | null | 'invalid' {
  const match = PAIR.exec(text);
  if (!match) return null;
  const lon = Number(match[1]);
  const lat = Number(match[2]);
  return Math.abs(lon) <= 180 && Math.abs(lat) <= 90 ? [lon, lat] : 'invalid';
}
