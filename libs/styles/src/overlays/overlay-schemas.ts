/**
 * One strict zod schema per overlay component, keyed by `type`. The spec's table gives the
 * fields of hole-centerline, the two green-data components, green-measurements and
 * fairway-widths; the other component shapes are ours (the spec says "not shown") and are kept
 * small. Every object is strict: unknown properties are rejected at every level.
 */
import { z } from 'zod';
import { CHEVRON_PRESETS, type OverlayType } from '../options/graphics-vocabulary';
import { BREAK_DENSITIES, BREAK_STYLES } from '../options/green-options';
import {
  atLeast,
  flag,
  hexColor,
  IMAGE_CORNERS,
  integerIn,
  labelPrecision,
  numberIn,
  optionalHexColor,
  strokeStyle,
  teeReference,
  yardageTargets,
  type StrokeStyle,
} from './overlay-fields';

const LIGHT = '#FFFFFF';
const INK = '#07110D';

/** Stroke fields; the spec leaves hole-centerline's defaults open, so they are ours. */
const strokeFields = (color: string, width: number, style: StrokeStyle) => ({
  strokeColor: hexColor(color),
  strokeWidth: integerIn(1, 16, width),
  strokeStyle: strokeStyle(style),
});

/** Label box fields shared by the measuring components. */
const labelFields = (color: string, background: string) => ({
  showLabels: flag(true),
  labelPrecision: labelPrecision(),
  labelSize: atLeast(1, 16),
  labelColor: hexColor(color),
  labelBackgroundColor: hexColor(background),
  labelXPadding: integerIn(0, 32, 8),
  labelYPadding: integerIn(0, 20, 6),
  labelGap: atLeast(0, 8),
});

// every style field has a default or is optional, so an absent style is an empty one
const style = <T extends z.core.$ZodLooseShape>(shape: T) => z.strictObject(shape).prefault({} as never);

/** The measured play line (tee first) as a stroked polyline. Defaults (ours): white, 3 px, dashed. */
export const holeCenterlineSchema = z.strictObject({
  style: style(strokeFields(LIGHT, 3, 'dashed')),
});

/**
 * The straight aiming legs: furthest tee -> authored dogleg point (when the source has one) ->
 * flag, with a node marker at every vertex. Ours: `style.showNodes` (default true), `style.nodeSize`
 * (4..32, default 8).
 */
export const holeSpineSchema = z.strictObject({
  style: style({ ...strokeFields(LIGHT, 2, 'solid'), showNodes: flag(true), nodeSize: integerIn(4, 32, 8) }),
});

/**
 * A landing ellipse on the straight shot from a tee toward the play line: `carryYards` (10..400,
 * default 250) along the shot, `widthYards` across (2..120, default 40), `depthYards` along
 * (2..120, default 24), `from` as in fairway-widths.
 */
export const shotDispersionSchema = z.strictObject({
  carryYards: integerIn(10, 400, 250),
  widthYards: integerIn(2, 120, 40),
  depthYards: integerIn(2, 120, 24),
  from: teeReference(),
  style: style({
    ...strokeFields(LIGHT, 2, 'solid'),
    fillColor: hexColor(LIGHT),
    fillOpacity: numberIn(0, 1, 0.25),
  }),
});

/**
 * A marker at one tee (`from`, default the furthest; for a course view, every hole's furthest tee).
 * `style.color` defaults to the tee set's colour, else white.
 */
export const teeSchema = z.strictObject({
  from: teeReference(),
  style: style({
    shape: z.enum(['square', 'circle']).default('square'),
    size: integerIn(4, 64, 14),
    color: optionalHexColor(),
    outlineColor: hexColor(INK),
  }),
});

/** A flag marker at the mapped pin (else the green centre); its foot is at the hole. */
export const flagSchema = z.strictObject({
  style: style({ size: integerIn(8, 96, 28), color: hexColor('#D7263D'), poleColor: hexColor(INK) }),
});

/** The cup at the mapped pin: true 4.25-inch size, never drawn smaller than `style.minimumSize` pixels. */
export const cupSchema = z.strictObject({
  style: style({
    minimumSize: integerIn(2, 32, 6),
    fillColor: hexColor(LIGHT),
    strokeColor: hexColor(INK),
    strokeWidth: integerIn(0, 8, 1),
  }),
});

const distanceList = (fallback: number[]) => z.array(z.number().int().min(10).max(400)).min(1).max(8).default(fallback);

/**
 * Rings of constant distance around the green centre (or the pin): `distances` 1..8 whole yards
 * 10..400 (default 50, 100, 150), each labelled on the side facing the approach.
 */
export const approachRingsSchema = z.strictObject({
  center: z.enum(['green-center', 'pin']).default('green-center'),
  distances: distanceList([50, 100, 150]),
  style: style({ ...strokeFields(LIGHT, 2, 'dashed'), ...labelFields(LIGHT, INK) }),
});

/**
 * Markers on the play line where it is `distances` yards (straight line) from the green centre,
 * found walking back from the green (default 100, 150, 200, 250).
 */
export const approachMarkersSchema = z.strictObject({
  distances: distanceList([100, 150, 200, 250]),
  style: style({
    pointSize: integerIn(4, 32, 12),
    pointColor: hexColor(LIGHT),
    pointOutlineColor: hexColor(INK),
    ...labelFields(LIGHT, INK),
  }),
});

/**
 * A yardage grid over the whole image: lines every `spacingYards` (5..100, default 25) through
 * the green centre, aligned with the play line (tee to green) or with north.
 */
export const gridsSchema = z.strictObject({
  spacingYards: integerIn(5, 100, 25),
  orientation: z.enum(['play-line', 'north']).default('play-line'),
  style: style({ ...strokeFields(LIGHT, 1, 'dotted'), opacity: numberIn(0.1, 1, 0.5) }),
});

/** Heatmap of the green's elevation as a PNG over the green's pixel box (rule 13). */
export const greenElevationHeatmapSchema = z.strictObject({
  style: style({ opacity: numberIn(0.1, 0.8, 0.42) }),
});

/** Local downhill arrows on the green (not putt paths); solid shafts and heads. */
export const greenDownhillArrowsSchema = z.strictObject({
  layout: z.enum(BREAK_STYLES).default('fluid'),
  density: z.enum(BREAK_DENSITIES).default('medium'),
  style: style({ color: hexColor('#142622'), opacity: numberIn(0.1, 1, 1) }),
});

/**
 * Green depth and width lines with labels. `green-center`: the depth line is the measured
 * front-to-back chord through the green centre; `maximum-dimensions`: the full extent along the
 * approach. The width line spans the widest extent across it. `strokeColor` default (ours) white.
 */
export const greenMeasurementsSchema = z.strictObject({
  origin: z.enum(['green-center', 'maximum-dimensions']).default('green-center'),
  depthLabelPosition: z.enum(['top', 'bottom']).default('top'),
  widthLabelPosition: z.enum(['left', 'right']).default('right'),
  style: style({
    ...strokeFields(LIGHT, 4, 'solid'),
    linePosition: z.enum(['inside', 'outside']).default('inside'),
    endCap: z.enum(['none', 'dot', 'point']).default('none'),
    endCapSize: integerIn(4, 32, 10),
    showDepth: flag(true),
    showWidth: flag(true),
    showDepthLabel: flag(true),
    showWidthLabel: flag(true),
    ...labelFields(LIGHT, INK),
  }),
});

/**
 * Fairway cross-sections with their widths. `bearing`: perpendicular to a straight shot from the
 * tee (aimed at the play line 240 yards out), every 10 yards of carry; without `yardages` the
 * 220-260 carry window. `profile`: the catalog's 10-yard stations along the play line. `yardages`
 * count from the configured tee. `labelYPadding` and `labelGap` are ours.
 */
export const fairwayWidthsSchema = z.strictObject({
  measurement: z.enum(['bearing', 'profile']).default('bearing'),
  yardages: yardageTargets(),
  from: teeReference(),
  style: style({
    ...strokeFields(LIGHT, 3, 'solid'),
    pointSize: integerIn(4, 32, 10),
    pointColor: hexColor(LIGHT),
    pointOutlineColor: hexColor(INK),
    labelPosition: z.enum(['left', 'right', 'alternate']).default('right'),
    ...labelFields(LIGHT, INK),
  }),
});

/**
 * Downhill chevrons on the fairway from the course elevation grid: one cluster per sampling cell
 * (`preset` large 9 m, medium 6 m, small 3 m; `auto`, the default, picks from the graphic's
 * scale), one to three nested chevrons by steepness, pointing down the fall line. Cells flatter
 * than `minimumSlopePercent` get none. Clusters the canvas would clip are omitted. Ours: the style.
 */
export const fairwayDownhillChevronsSchema = z.strictObject({
  preset: z.enum(CHEVRON_PRESETS).default('auto'),
  minimumSlopePercent: numberIn(0.5, 10, 1),
  style: style({ color: hexColor('#FFFFFF'), opacity: numberIn(0.1, 1, 0.85), strokeWidth: integerIn(1, 16, 3) }),
});

/** Outlines of the hole's tee boxes in their tee set colours (white when the source has none). */
export const teeboxesSchema = z.strictObject({
  style: style({ strokeWidth: integerIn(1, 16, 2), fillOpacity: numberIn(0, 1, 0.35), color: optionalHexColor() }),
});

/** A legend of the tee sets (colour swatch, name and, for a hole, its yards) in one image corner. */
export const teeboxesLegendSchema = z.strictObject({
  position: z.enum(IMAGE_CORNERS).default('bottom-right'),
  showYards: flag(true),
  style: style({
    labelSize: atLeast(1, 16),
    labelColor: hexColor(LIGHT),
    backgroundColor: hexColor(INK),
    swatchSize: integerIn(4, 64, 14),
    margin: integerIn(0, 200, 24),
  }),
});

/** The hole number in an image corner (hole and green views) or at every tee (course view). */
export const holeNumberSchema = z.strictObject({
  position: z.enum(IMAGE_CORNERS).default('top-left'),
  style: style({
    size: atLeast(8, 48),
    color: hexColor(LIGHT),
    backgroundColor: hexColor(INK),
    shape: z.enum(['circle', 'none']).default('circle'),
    margin: integerIn(0, 200, 24),
  }),
});

export const OVERLAY_SCHEMAS = {
  'hole-centerline': holeCenterlineSchema,
  'hole-spine': holeSpineSchema,
  'shot-dispersion': shotDispersionSchema,
  tee: teeSchema,
  flag: flagSchema,
  cup: cupSchema,
  'approach-rings': approachRingsSchema,
  'approach-markers': approachMarkersSchema,
  grids: gridsSchema,
  'green-elevation-heatmap': greenElevationHeatmapSchema,
  'green-downhill-arrows': greenDownhillArrowsSchema,
  'green-measurements': greenMeasurementsSchema,
  'fairway-widths': fairwayWidthsSchema,
  'fairway-downhill-chevrons': fairwayDownhillChevronsSchema,
  teeboxes: teeboxesSchema,
  'teeboxes-legend': teeboxesLegendSchema,
  'hole-number': holeNumberSchema,
} as const satisfies Record<OverlayType, z.ZodType>;

/** The validated fields of one component type, defaults filled. */
export type OverlayFields<T extends OverlayType> = z.output<(typeof OVERLAY_SCHEMAS)[T]>;
