/** Hole composition (POST `composition`) and course composition (POST `courseComposition`). */
import type { GraphicsOption } from './option-declaration';
import { GRAPHIC_STYLES, HOLE_LAYOUTS } from './graphics-vocabulary';

export const PORTRAIT_ANCHORS = ['left', 'middle', 'right'] as const;
export const LANDSCAPE_ANCHORS = ['top', 'middle', 'bottom'] as const;
export const ANCHORS = ['left', 'middle', 'right', 'top', 'bottom'] as const;
export const TEE_SIDES = ['left', 'right'] as const;
export const COMPOSITION_MODES = ['preset', 'exact'] as const;
/** Options whose presence selects exact composition (docs/architecture.md, "Decisions on open points of the contract"). */
export const NUMERIC_TARGET_OPTIONS = ['flagX', 'flagY', 'teeX', 'teeY'] as const;

const target = (name: string, path: string, what: string): GraphicsOption => ({
  name,
  query: name,
  body: `composition.${path}`,
  type: { kind: 'number', min: 0, max: 100 },
  default: { none: true },
  subjects: ['hole'],
  styles: GRAPHIC_STYLES,
  description: `Exact ${what} content-edge target, percent from the ${name.endsWith('X') ? 'left' : 'top'} edge; selects exact composition unless compositionMode=preset.`,
});

export const COMPOSITION_OPTIONS: readonly GraphicsOption[] = [
  {
    name: 'layout',
    query: 'layout',
    body: 'composition.layout',
    type: { kind: 'enum', values: HOLE_LAYOUTS },
    default: { value: 'portrait' },
    subjects: ['hole'],
    styles: GRAPHIC_STYLES,
    description: 'Hole orientation; also selects the default size.',
  },
  {
    name: 'flagAnchor',
    query: 'flagAnchor',
    body: 'composition.flagAnchor',
    type: { kind: 'enum', values: ANCHORS },
    default: { value: 'middle' },
    subjects: ['hole'],
    styles: GRAPHIC_STYLES,
    description: 'Flag-end preset position: portrait left/middle/right (25/50/75% across), landscape top/middle/bottom.',
  },
  {
    name: 'teeAnchor',
    query: 'teeAnchor',
    body: 'composition.teeAnchor',
    type: { kind: 'enum', values: ANCHORS },
    default: { value: 'middle' },
    subjects: ['hole'],
    styles: GRAPHIC_STYLES,
    description: 'Tee-end preset position; values as flagAnchor.',
  },
  {
    name: 'teeSide',
    query: 'teeSide',
    body: 'composition.teeSide',
    type: { kind: 'enum', values: TEE_SIDES },
    default: { value: 'left' },
    subjects: ['hole'],
    styles: GRAPHIC_STYLES,
    appliesWhen: { option: 'layout', in: ['landscape'] },
    description: 'Landscape play direction: the side the tee is on. Left out of portrait requests.',
  },
  target('flagX', 'flagTarget.x', 'flag-side'),
  target('flagY', 'flagTarget.y', 'flag-side'),
  target('teeX', 'teeTarget.x', 'tee-side'),
  target('teeY', 'teeTarget.y', 'tee-side'),
  {
    name: 'compositionMode',
    query: 'compositionMode',
    body: 'composition.mode',
    type: { kind: 'enum', values: COMPOSITION_MODES },
    default: { rule: 'numeric-targets' },
    subjects: ['hole'],
    styles: GRAPHIC_STYLES,
    description: 'preset contains the whole measured envelope; exact preserves the requested target pixels and may clip artwork.',
  },
  {
    name: 'padding',
    query: 'padding',
    body: 'composition.padding',
    type: { kind: 'image-padding', auto: false, unitlessFractions: true },
    default: { value: '5%' },
    subjects: ['hole'],
    styles: GRAPHIC_STYLES,
    description:
      'Hole image padding: one to four values (comma or space separated, top/right/bottom/left shorthand); unitless values in (0,1) are fractions of the image dimension, 1 or more are pixels; % and px accepted.',
  },
  {
    name: 'coursePadding',
    query: 'padding',
    body: 'courseComposition.padding',
    type: { kind: 'image-padding', auto: true, unitlessFractions: true },
    default: { value: 'auto' },
    subjects: ['course'],
    styles: GRAPHIC_STYLES,
    description: 'Course image padding: auto (canonical fit, default) or values as the hole padding.',
  },
];
