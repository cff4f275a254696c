/** Options of the POST `output` object (format is the GET path's last segment). */
import type { GraphicsOption, PhysicalUnit } from './option-declaration';
import { GRAPHIC_DIMENSION_RANGE, GRAPHIC_STYLES, GRAPHIC_SUBJECTS, IMAGE_FORMATS } from './graphics-vocabulary';

const dimension = { kind: 'integer', ...GRAPHIC_DIMENSION_RANGE } as const;

/**
 * Print resolution written into the file (PNG pHYs, JPEG JFIF and EXIF, WebP EXIF). 72 covers
 * screen work, 1200 the finest print shops ask for; the pixels a physical size gives still obey
 * the pixel limits.
 */
export const OUTPUT_DPI = { min: 72, max: 1200, default: 300 } as const;

/**
 * The widest range a physical side can have before the pixel limits decide: 320 px at 1200 dpi is
 * 6.8 mm, 8000 px at 72 dpi is 2822 mm. The pixel check at the requested dpi is the real limit.
 */
const PHYSICAL_RANGE: Record<PhysicalUnit, { min: number; max: number }> = { mm: { min: 5, max: 3000 }, in: { min: 0.2, max: 120 } };
const UNIT_WORDS: Record<PhysicalUnit, string> = { mm: 'millimetres', in: 'inches' };

function physicalSide(side: 'width' | 'height', unit: PhysicalUnit): GraphicsOption {
  const name = `${side}${unit === 'mm' ? 'Mm' : 'In'}`;
  return {
    name,
    query: name,
    body: `output.${name}`,
    type: { kind: 'number', ...PHYSICAL_RANGE[unit] },
    default: { none: true },
    subjects: GRAPHIC_SUBJECTS,
    styles: GRAPHIC_STYLES,
    physicalSize: { side, unit },
    description: `Printed ${side} in ${UNIT_WORDS[unit]} at dpi, instead of ${side} in pixels (pixels = ${unit === 'mm' ? `${name} / 25.4` : name} x dpi, rounded). Cannot be combined with pixel sizes or the other unit; the resulting pixels obey the same ${GRAPHIC_DIMENSION_RANGE.min}..${GRAPHIC_DIMENSION_RANGE.max} per side and 32-megapixel limits. Left out of the normalized request, which records the pixels and the dpi.`,
  };
}

/** Physical-size options, in the order they are reported. */
export const PHYSICAL_SIZE_OPTIONS: readonly GraphicsOption[] = [
  physicalSide('width', 'mm'),
  physicalSide('height', 'mm'),
  physicalSide('width', 'in'),
  physicalSide('height', 'in'),
];

export const OUTPUT_OPTIONS: readonly GraphicsOption[] = [
  {
    name: 'format',
    query: null,
    body: 'output.format',
    type: { kind: 'enum', values: IMAGE_FORMATS },
    default: { value: 'webp' },
    subjects: GRAPHIC_SUBJECTS,
    styles: GRAPHIC_STYLES,
    aliases: [{ value: 'jpg', canonical: 'jpeg', deprecated: false, note: 'same encoder and content type' }],
    description: 'Image encoding: webp (default, efficient), png (lossless) or jpeg/jpg. GET takes it from the last path segment.',
  },
  {
    name: 'width',
    query: 'width',
    body: 'output.width',
    type: dimension,
    default: { rule: 'per-subject' },
    subjects: GRAPHIC_SUBJECTS,
    styles: GRAPHIC_STYLES,
    description:
      'Output width in pixels; with height it sets the composition aspect ratio. Output is scaled uniformly, never cropped or stretched. Width x height at most 32 megapixels.',
  },
  {
    name: 'height',
    query: 'height',
    body: 'output.height',
    type: dimension,
    default: { rule: 'per-subject' },
    subjects: GRAPHIC_SUBJECTS,
    styles: GRAPHIC_STYLES,
    description: 'Output height in pixels; see width.',
  },
  {
    name: 'quality',
    query: 'quality',
    body: 'output.quality',
    type: { kind: 'integer', min: 40, max: 95 },
    default: { value: 90 },
    subjects: GRAPHIC_SUBJECTS,
    styles: GRAPHIC_STYLES,
    appliesWhen: { option: 'format', notIn: ['png'] },
    description: 'WebP and JPEG quality; ignored (left out of the normalized request) for PNG.',
  },
  {
    name: 'dpi',
    query: 'dpi',
    body: 'output.dpi',
    type: { kind: 'integer', min: OUTPUT_DPI.min, max: OUTPUT_DPI.max },
    default: { value: OUTPUT_DPI.default },
    subjects: GRAPHIC_SUBJECTS,
    styles: GRAPHIC_STYLES,
    description: `Print resolution in dots per inch, written into the file (PNG pHYs, JPEG JFIF and EXIF, WebP EXIF; every format also embeds an sRGB ICC profile) and used to convert widthMm/heightMm or widthIn/heightIn to pixels. A 1440x2400 hole at ${OUTPUT_DPI.default} dpi prints 4.8 x 8 inches. Part of the normalized request, so each dpi is its own artifact.`,
  },
  ...PHYSICAL_SIZE_OPTIONS,
];
