/** Options of the POST `style` object that shape the artwork of map subjects. */
import type { GraphicsOption, StyleRestriction } from './option-declaration';
import { GRAPHIC_STYLES, GRAPHIC_SUBJECTS, MAP_SUBJECTS } from './graphics-vocabulary';

export const FAIRWAY_PATTERNS = [
  'large-stripes',
  'medium-stripes',
  'small-stripes',
  'large-checks',
  'medium-checks',
  'small-checks',
  'blank-v1',
  'blank-v2',
] as const;
export const UNPATTERNED_FAIRWAYS = ['blank-v1', 'blank-v2'] as const;
export const TEE_PATTERNS = ['plain', 'small-stripes', 'thin-stripes'] as const;
export const WATER_TREATMENTS = ['auto', 'light', 'medium', 'dark'] as const;
export const BUNKER_TREATMENTS = ['classic', 'dark', 'flat', 'raised-edge'] as const;
export const GREENERY_PALETTES = ['auto', 'classic', 'cool-blue', 'cool-apple', 'warm-emerald', 'warm-golden'] as const;
export const HOUSING_PALETTES = ['auto', 'warm', 'cool', 'mixed', 'none'] as const;
export const OVERTURE_SEGMENT_SETS = ['all', 'small', 'none'] as const;
export const PERIMETER_TREATMENTS = ['none', 'legacy-v1', 'classic', 'classic-wide', 'classic-wider', 'classic-widest'] as const;
export const NEARBY_HOLE_TREATMENTS = ['hidden', 'stroked-dark', 'stroked-light', 'filled-dark', 'filled-light', 'detailed'] as const;
export const PAPER_THEMES = ['light', 'dark', 'transparent'] as const;

const PENCIL_STYLES_ONLY = ['pencil', 'colored-pencil'] as const;
const bothPencils = (r: StyleRestriction) => ({ pencil: r, 'colored-pencil': r });

export const STYLE_OPTIONS: readonly GraphicsOption[] = [
  {
    name: 'graphicStyle',
    query: 'graphicStyle',
    body: 'style.graphicStyle',
    type: { kind: 'enum', values: GRAPHIC_STYLES },
    default: { value: 'traditional' },
    subjects: GRAPHIC_SUBJECTS,
    styles: GRAPHIC_STYLES,
    description: 'Rendering style; each style has a separate cache identity.',
  },
  {
    name: 'paperTheme',
    query: 'paperTheme',
    body: 'style.paperTheme',
    type: { kind: 'named-or-hex-color', names: PAPER_THEMES, fallback: 'light' },
    default: { value: 'light' },
    subjects: MAP_SUBJECTS,
    styles: GRAPHIC_STYLES,
    description:
      'Paper colour: light, dark, transparent (no paper fill, grid or grain; JPEG composites over white) or #RRGGBB. Invalid values fall back to light.',
  },
  {
    name: 'terrainIntensity',
    query: 'terrainIntensity',
    body: 'style.terrainIntensity',
    type: { kind: 'number', min: 0.5, max: 5 },
    default: { value: 2.2 },
    subjects: MAP_SUBJECTS,
    styles: GRAPHIC_STYLES,
    styleRestrictions: bothPencils({ values: [0.5], default: 0.5, reason: 'Pencil styles draw no terrain shading; intensity is fixed at 0.5' }),
    description: 'Terrain shading strength; values above 2.2 scale the whole terrain contribution proportionally (4.4 is twice 2.2).',
  },
  {
    name: 'terrainTexture',
    query: 'terrainTexture',
    body: 'style.terrainTexture',
    type: { kind: 'boolean' },
    default: { value: true },
    subjects: MAP_SUBJECTS,
    styles: GRAPHIC_STYLES,
    styleRestrictions: bothPencils({ values: [false], default: false, reason: 'Pencil styles have no terrain texture' }),
    description: 'false omits only the added fleck passes.',
  },
  {
    name: 'fairwayPattern',
    query: 'fairwayPattern',
    body: 'style.fairwayPattern',
    type: { kind: 'enum', values: FAIRWAY_PATTERNS },
    default: { rule: 'course-classification' },
    subjects: MAP_SUBJECTS,
    styles: GRAPHIC_STYLES,
    styleRestrictions: bothPencils({ values: UNPATTERNED_FAIRWAYS, default: 'blank-v1', reason: 'Pencil styles stay unpatterned' }),
    aliases: [
      { value: 'checkered-v1', canonical: 'medium-checks', deprecated: true },
      { value: 'checkered-v2', canonical: 'small-checks', deprecated: true },
    ],
    description: 'Fairway mowing pattern. Stripe bands: large 7.2 m, medium 3.8 m, small 2 m; checks cross two perpendicular passes.',
  },
  {
    name: 'teePattern',
    query: 'teePattern',
    body: 'style.teePattern',
    type: { kind: 'enum', values: TEE_PATTERNS },
    default: { value: 'plain' },
    subjects: MAP_SUBJECTS,
    styles: GRAPHIC_STYLES,
    styleRestrictions: bothPencils({ values: ['plain'], default: 'plain', reason: 'Pencil styles stay unpatterned' }),
    description: 'Tee mowing pattern; stripes use fixed metre widths through the final camera projection.',
  },
  {
    name: 'waterTreatment',
    query: 'waterTreatment',
    body: 'style.waterTreatment',
    type: { kind: 'enum', values: WATER_TREATMENTS },
    default: { value: 'auto' },
    auto: 'water-by-state',
    subjects: MAP_SUBJECTS,
    styles: GRAPHIC_STYLES,
    reserved: [{ value: 'none', reason: 'water always remains visible' }],
    description:
      'Water colour depth. auto: southern coastal states, California, Hawaii and tropical territories light; northern states dark; other states, unknown and non-US medium.',
  },
  {
    name: 'bunkerTreatment',
    query: 'bunkerTreatment',
    body: 'style.bunkerTreatment',
    type: { kind: 'enum', values: BUNKER_TREATMENTS },
    default: { value: 'classic' },
    subjects: MAP_SUBJECTS,
    styles: GRAPHIC_STYLES,
    description: 'Bunker sand treatment.',
  },
  {
    name: 'greenery',
    query: 'greenery',
    body: 'style.greenery',
    type: { kind: 'enum', values: GREENERY_PALETTES },
    default: { value: 'auto' },
    auto: 'greenery-by-agronomic-region',
    subjects: MAP_SUBJECTS,
    styles: GRAPHIC_STYLES,
    description:
      'Coordinated turf, fleck, forest-floor and tree-crown colours. auto uses a state-level proxy of agronomic regions; classic is the established palette and the fallback for unknown and non-US locations.',
  },
  {
    name: 'housing',
    query: 'housing',
    body: 'style.housing',
    type: { kind: 'enum', values: HOUSING_PALETTES },
    default: { value: 'auto' },
    auto: 'housing-by-climate-zone',
    subjects: MAP_SUBJECTS,
    styles: GRAPHIC_STYLES,
    styleRestrictions: { pencil: { values: ['none'], default: 'none', reason: 'Pencil requires housing=none' } },
    description:
      "Roof palette. auto: the state's modal IECC climate zone (1-3 warm, 4 mixed, 5-8 cool; ties, unknown and non-US mixed). none omits roofs and hole-render housing footprint edges.",
  },
  {
    name: 'overtureSegments',
    query: 'overtureSegments',
    body: 'style.overtureSegments',
    type: { kind: 'enum', values: OVERTURE_SEGMENT_SETS },
    default: { value: 'all' },
    subjects: MAP_SUBJECTS,
    styles: GRAPHIC_STYLES,
    styleRestrictions: {
      pencil: { values: ['none'], default: 'none', reason: 'Pencil requires overtureSegments=none' },
      'colored-pencil': { values: ['small', 'none'], default: 'small', reason: 'Colored Pencil draws only service and non-motorized paths' },
    },
    description:
      'Transportation segments drawn. Traditional: all keeps every segment; small keeps residential, living-street, unclassified, service and non-motorized classes; none removes segment concrete and its paper-edge continuation.',
  },
  {
    name: 'perimeterTreatment',
    query: 'perimeterTreatment',
    body: 'style.perimeterTreatment',
    type: { kind: 'enum', values: PERIMETER_TREATMENTS },
    default: { value: 'classic' },
    subjects: ['hole', 'course', 'hole-region'],
    styles: GRAPHIC_STYLES,
    // The spec keeps the retired inputs without naming them; these are the names we accept.
    aliases: [
      { value: 'default', canonical: 'classic', deprecated: true, note: 'retired default keyword' },
      { value: 'tapered', canonical: 'classic', deprecated: true, note: 'retired tapered family' },
      { value: 'tapered-wide', canonical: 'classic-wide', deprecated: true, note: 'retired tapered family' },
      { value: 'tapered-wider', canonical: 'classic-wider', deprecated: true, note: 'retired tapered family' },
      { value: 'tapered-widest', canonical: 'classic-widest', deprecated: true, note: 'retired tapered family' },
    ],
    description:
      'Outer terrain treatment of hole and full-course views: classic buffers the play line, tees, fairways and green with landing circles; -wide/-wider/-widest enlarge landing circles by 10/20/30%; legacy-v1 keeps the authored envelope; none renders edge to edge.',
  },
  {
    name: 'nearbyHoles',
    query: 'nearbyHoles',
    body: 'style.nearbyHoles',
    type: { kind: 'enum', values: NEARBY_HOLE_TREATMENTS },
    default: { value: 'hidden' },
    subjects: ['hole', 'hole-region'],
    styles: GRAPHIC_STYLES,
    aliases: [{ value: 'stroked', canonical: 'stroked-dark', deprecated: true }],
    description: 'How neighbouring holes appear in a hole view; artwork is clipped by perimeterTreatment.',
  },
  {
    name: 'roughOpacity',
    query: 'roughOpacity',
    body: 'style.roughOpacity',
    type: { kind: 'number', min: 0, max: 1 },
    default: { value: 1 },
    subjects: MAP_SUBJECTS,
    styles: ['traditional'],
    description: 'Opacity of the rough fill; Traditional map subjects only.',
  },
  {
    name: 'pencilBuildings',
    query: 'pencilBuildings',
    body: 'style.pencilFeatures.buildings',
    type: { kind: 'boolean' },
    default: { value: false },
    subjects: MAP_SUBJECTS,
    styles: ['pencil'],
    description: 'Pencil only: draw building footprints.',
  },
  {
    name: 'pencilPaths',
    query: 'pencilPaths',
    body: 'style.pencilFeatures.paths',
    type: { kind: 'boolean' },
    default: { value: false },
    subjects: MAP_SUBJECTS,
    styles: ['pencil'],
    description: 'Pencil only: draw paths.',
  },
  {
    name: 'pencilPerimeter',
    query: 'pencilPerimeter',
    body: 'style.pencilFeatures.perimeter',
    type: { kind: 'boolean' },
    default: { value: true },
    subjects: MAP_SUBJECTS,
    styles: ['pencil'],
    description: 'Pencil only: false hides only the final envelope stroke.',
  },
  {
    name: 'graphicStyling',
    query: null,
    body: 'style.graphicStyling',
    type: { kind: 'graphic-styling' },
    default: { rule: 'style-defaults' },
    subjects: GRAPHIC_SUBJECTS,
    styles: PENCIL_STYLES_ONLY,
    description:
      'POST only. Partial object strictly deep-merged into the versioned defaults of the selected Pencil style; colours #RRGGBB or #RRGGBBAA, widths 0..16; unknown or cross-style fields are rejected.',
  },
];
