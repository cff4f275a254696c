/** Green composition (POST `greenComposition`) and putting-surface data (POST `greenData`). */
import type { GraphicsOption } from './option-declaration';
import { GRAPHIC_STYLES } from './graphics-vocabulary';

export const GREEN_ORIENTATIONS = ['approach', 'north'] as const;
/** Our values for the spec's open `greenApproachEdge`: the image edge the approach enters from. */
export const GREEN_APPROACH_EDGES = ['bottom', 'left', 'top', 'right'] as const;
export const GREEN_GRAVITIES = ['auto', 'center', 'top', 'right', 'bottom', 'left', 'top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export const HEATMAPS = ['elevation'] as const;
export const BREAK_STYLES = ['grid', 'fluid'] as const;
export const BREAK_DENSITIES = ['light', 'medium', 'high'] as const;
export const BREAK_COLORS = { dark: '#142622', light: '#F8FAF7' } as const;

/** Pencil loads no elevation or putting-surface detail. */
const SURFACE_STYLES = ['traditional', 'colored-pencil'] as const;

export const GREEN_OPTIONS: readonly GraphicsOption[] = [
  {
    name: 'greenOrientation',
    query: 'greenOrientation',
    body: 'greenComposition.orientation',
    type: { kind: 'enum', values: GREEN_ORIENTATIONS },
    default: { value: 'approach' },
    subjects: ['green'],
    styles: GRAPHIC_STYLES,
    description: 'approach turns the green so play comes from a point 100 yards back along the incoming line; north keeps north up.',
  },
  {
    name: 'greenPaddingMeters',
    query: 'greenPaddingMeters',
    body: 'greenComposition.paddingMeters',
    type: { kind: 'metric-padding', min: 1, max: 60 },
    default: { value: 12 },
    subjects: ['green'],
    styles: GRAPHIC_STYLES,
    exclusiveWith: ['greenPadding'],
    description:
      'Metric padding around the green, one to four values 1..60 in CSS shorthand order; mutually exclusive with greenPadding (the default applies only when neither is given).',
  },
  {
    name: 'greenPadding',
    query: 'greenPadding',
    body: 'greenComposition.padding',
    type: { kind: 'image-padding', auto: false, unitlessFractions: true },
    default: { none: true },
    subjects: ['green'],
    styles: GRAPHIC_STYLES,
    exclusiveWith: ['greenPaddingMeters'],
    description: 'Output-space padding around the green (percentages, fractions or pixels); mutually exclusive with greenPaddingMeters.',
  },
  {
    name: 'rules',
    query: 'rules',
    body: 'greenComposition.rules',
    type: { kind: 'enum', values: ['rule-4.3'] },
    default: { none: true },
    subjects: ['green'],
    styles: GRAPHIC_STYLES,
    description:
      'rule-4.3: refuse (problem green-scale-exceeds-rule-4.3, 422) a green that would print larger than Rule 4.3 allows green-reading materials, 1:480 (3/8 in to 5 yd), at the output dpi; the problem names the largest output size that conforms. Every green image states its print scale in the Caddie-Print-Scale header either way.',
  },
  {
    name: 'greenApproachEdge',
    query: 'greenApproachEdge',
    body: 'greenComposition.approachEdge',
    type: { kind: 'enum', values: GREEN_APPROACH_EDGES },
    default: { value: 'bottom' },
    subjects: ['green'],
    styles: GRAPHIC_STYLES,
    appliesWhen: { option: 'greenOrientation', in: ['approach'] },
    description: 'Image edge the approach enters from when greenOrientation=approach (values are ours: the spec leaves them open).',
  },
  {
    name: 'greenRotationDegrees',
    query: 'greenRotationDegrees',
    body: 'greenComposition.rotationDegrees',
    type: { kind: 'number', min: -180, max: 180 },
    default: { value: 0 },
    subjects: ['green'],
    styles: GRAPHIC_STYLES,
    description: 'Clockwise rotation applied before fitting.',
  },
  {
    name: 'greenGravity',
    query: 'greenGravity',
    body: 'greenComposition.gravity',
    type: { kind: 'enum', values: GREEN_GRAVITIES },
    default: { value: 'center' },
    subjects: ['green'],
    styles: GRAPHIC_STYLES,
    description: 'center aligns the green centre with the image centre; auto keeps legacy placement (square centres, portrait pins top, landscape pins right).',
  },
  {
    name: 'heatmap',
    query: 'heatmap',
    body: 'greenData.heatmap',
    type: { kind: 'enum', values: HEATMAPS },
    default: { none: true },
    subjects: ['hole', 'green', 'hole-region'],
    styles: SURFACE_STYLES,
    reserved: [{ value: 'slope', reason: 'slope heatmaps are reserved and not accepted' }],
    description:
      'Elevation heatmap clipped to the green polygon (low transparent blue, high transparent red over desaturated turf: legible over turf and for red-green colour-blind readers).',
  },
  {
    name: 'heatmapOpacity',
    query: 'heatmapOpacity',
    body: 'greenData.heatmapOpacity',
    type: { kind: 'number', min: 0.1, max: 0.8 },
    default: { value: 0.42 },
    subjects: ['hole', 'green', 'hole-region'],
    styles: SURFACE_STYLES,
    appliesWhen: { option: 'heatmap', present: true },
    description: 'Heatmap opacity; left out of the normalized request when no heatmap is drawn.',
  },
  {
    name: 'heatmapLegend',
    query: 'heatmapLegend',
    body: 'greenData.heatmapLegend',
    type: { kind: 'boolean' },
    default: { value: false },
    subjects: ['hole', 'green', 'hole-region'],
    styles: SURFACE_STYLES,
    appliesWhen: { option: 'heatmap', present: true },
    description:
      'Draws a key to the heatmap in the lower-left corner: the red and blue swatches with the height above and below the dominant level they reach (feet), sized in millimetres like every label. Left out of the normalized request when no heatmap is drawn.',
  },
  {
    name: 'breaks',
    query: 'breaks',
    body: 'greenData.breaks',
    type: { kind: 'boolean' },
    default: { value: false },
    subjects: ['green'],
    styles: SURFACE_STYLES,
    description: 'Downhill slope arrows on the green (local downhill direction, not a putt path).',
  },
  {
    name: 'breakStyle',
    query: 'breakStyle',
    body: 'greenData.breakStyle',
    type: { kind: 'enum', values: BREAK_STYLES },
    default: { value: 'fluid' },
    subjects: ['green'],
    styles: SURFACE_STYLES,
    appliesWhen: { option: 'breaks', in: [true] },
    description: 'Arrow layout.',
  },
  {
    name: 'breakDensity',
    query: 'breakDensity',
    body: 'greenData.breakDensity',
    type: { kind: 'enum', values: BREAK_DENSITIES },
    default: { value: 'medium' },
    subjects: ['green'],
    styles: SURFACE_STYLES,
    appliesWhen: { option: 'breaks', in: [true] },
    description: 'Arrow density.',
  },
  {
    name: 'breakColor',
    query: 'breakColor',
    body: 'greenData.breakColor',
    type: { kind: 'named-or-hex-color', names: ['dark', 'light'], named: BREAK_COLORS },
    default: { value: 'dark' },
    subjects: ['green'],
    styles: SURFACE_STYLES,
    appliesWhen: { option: 'breaks', in: [true] },
    description: 'Arrow colour: dark (#142622), light (#F8FAF7) or #RRGGBB (encode # as %23 in a URL); normalized to the hex.',
  },
];
