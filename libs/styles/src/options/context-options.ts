/** Paper-context layers: the `context` list and the four per-layer booleans (POST `style.context`). */
import type { GraphicsOption } from './option-declaration';
import { CONTEXT_LAYER_NAMES } from './option-declaration';
import { GRAPHIC_STYLES, HOLE_VIEW_SUBJECTS, MAP_SUBJECTS } from './graphics-vocabulary';

export const CONTEXT_LAYER_OPTION: Record<(typeof CONTEXT_LAYER_NAMES)[number], string> = {
  graphing: 'contextGraphing',
  edges: 'contextEdges',
  contours: 'contextContours',
  washes: 'contextWashes',
};

const pencilKeepsOff = {
  pencil: { values: [false], default: false, reason: 'Pencil requires context contours and washes to stay false' },
} as const;

export const CONTEXT_OPTIONS: readonly GraphicsOption[] = [
  {
    name: 'context',
    query: 'context',
    body: 'style.context',
    type: { kind: 'context-layers', layers: CONTEXT_LAYER_NAMES },
    default: { none: true },
    subjects: MAP_SUBJECTS,
    styles: GRAPHIC_STYLES,
    aliases: [{ value: 'texture', canonical: 'graphing', deprecated: true }],
    description:
      'GET: comma-separated list of the paper-context layers to draw (the others are off), or none. POST: the string none, or an object of the per-layer booleans. Cannot be combined with the per-layer parameters.',
  },
  {
    name: 'contextGraphing',
    query: 'contextGraphing',
    queryAliases: [{ name: 'contextTexture', deprecated: true }],
    body: 'style.context.graphing',
    bodyAliases: [{ name: 'style.context.texture', deprecated: true }],
    type: { kind: 'boolean' },
    default: { value: true },
    subjects: MAP_SUBJECTS,
    styles: GRAPHIC_STYLES,
    description: 'Graphing-paper grid layer (hole, green and course views).',
  },
  {
    name: 'contextEdges',
    query: 'contextEdges',
    body: 'style.context.edges',
    type: { kind: 'boolean' },
    default: { value: true },
    subjects: HOLE_VIEW_SUBJECTS,
    styles: GRAPHIC_STYLES,
    description: 'Paper-edge layer of hole views.',
  },
  {
    name: 'contextContours',
    query: 'contextContours',
    body: 'style.context.contours',
    type: { kind: 'boolean' },
    default: { value: true },
    subjects: HOLE_VIEW_SUBJECTS,
    styles: GRAPHIC_STYLES,
    styleRestrictions: pencilKeepsOff,
    description: 'Contour-line layer of hole views.',
  },
  {
    name: 'contextWashes',
    query: 'contextWashes',
    body: 'style.context.washes',
    type: { kind: 'boolean' },
    default: { value: false },
    subjects: HOLE_VIEW_SUBJECTS,
    styles: GRAPHIC_STYLES,
    styleRestrictions: pencilKeepsOff,
    description: 'Colour-wash layer of hole views.',
  },
];
