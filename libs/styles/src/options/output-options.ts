/** Options of the POST `output` object (format is the GET path's last segment). */
import type { GraphicsOption } from './option-declaration';
import { GRAPHIC_DIMENSION_RANGE, GRAPHIC_STYLES, GRAPHIC_SUBJECTS, IMAGE_FORMATS } from './graphics-vocabulary';

const dimension = { kind: 'integer', ...GRAPHIC_DIMENSION_RANGE } as const;

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
    description: 'Output width in pixels; with height it sets the composition aspect ratio. Output is scaled uniformly, never cropped or stretched. Width x height at most 32 megapixels.',
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
];
