/** The `GET /v1/styles` response: styles, subjects, every option and the limits, from the table. */
import { GRAPHICS_OPTIONS, graphicsOption } from './graphics-options';
import { DEFAULT_RULES, type GraphicsOption, type OptionValue } from './option-declaration';
import {
  DEFAULT_OUTPUT_SIZES,
  FAIRWAY_WIDTH_YARDAGES,
  GRAPHIC_DIMENSION_RANGE,
  GRAPHIC_MAX_AREA_PIXELS,
  GRAPHIC_STYLES,
  GRAPHIC_SUBJECTS,
  IMAGE_CONTENT_TYPES,
  IMAGE_FORMATS,
  OVERLAY_ITEMS_PER_REQUEST,
  OVERLAY_TYPES,
  SUBJECTS_WITHOUT_OVERLAYS,
  type GraphicStyle,
  type GraphicSubjectType,
  type OutputSize,
} from './graphics-vocabulary';
import { COLORED_PENCIL_STYLING_DEFAULTS, GRAPHIC_STYLING_VERSION, PENCIL_STYLING_DEFAULTS } from './graphic-styling';

export const GRAPHICS_OPTIONS_DOCUMENT_VERSION = 'caddie-graphics-options@1';

const STYLE_DESCRIPTIONS: Record<GraphicStyle, { name: string; description: string }> = {
  traditional: { name: 'Traditional', description: 'Full-colour course artwork with terrain shading, texture and mowing patterns.' },
  pencil: {
    name: 'Pencil',
    description: 'Graphite line drawing: no terrain, elevation or putting-surface detail, unpatterned turf, no housing or transportation segments.',
  },
  'colored-pencil': {
    name: 'Colored Pencil',
    description: 'Flat coloured-pencil fills: no terrain, shading or texture; only service and non-motorized paths.',
  },
};

const SUBJECT_DESCRIPTIONS: Record<GraphicSubjectType, { getPath: string | null; description: string; sizes: Record<string, OutputSize> }> = {
  hole: {
    getPath: 'hole-{N}',
    description: 'One hole from tee to green.',
    sizes: { portrait: DEFAULT_OUTPUT_SIZES.holePortrait, landscape: DEFAULT_OUTPUT_SIZES.holeLandscape },
  },
  green: { getPath: 'green-{N}', description: 'One green fitted edge to edge.', sizes: { default: DEFAULT_OUTPUT_SIZES.green } },
  course: { getPath: 'course', description: 'The full course.', sizes: { default: DEFAULT_OUTPUT_SIZES.course } },
  'profile-elevation': {
    getPath: 'profile-elevation-{N}',
    description: 'Side-view elevation profile of one hole.',
    sizes: { default: DEFAULT_OUTPUT_SIZES.profileElevation },
  },
  'hole-region': { getPath: null, description: 'Part of a hole framed by two points (POST only).', sizes: { portrait: DEFAULT_OUTPUT_SIZES.holePortrait } },
};

export interface GraphicsOptionDescription {
  name: string;
  queryName: string | null;
  queryAliases: { name: string; deprecated: boolean }[];
  bodyPath: string | null;
  bodyAliases: { path: string; deprecated: boolean }[];
  type: string;
  values?: string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  default: { value: OptionValue } | { rule: string; description: string } | { none: true };
  auto?: string;
  subjects: string[];
  styles: string[];
  styleRestrictions: Record<string, { values?: OptionValue[]; default?: OptionValue; reason: string }>;
  appliesWhen?: { option: string; in?: OptionValue[]; notIn?: OptionValue[]; present?: boolean };
  exclusiveWith: string[];
  aliases: { value: string; canonical: string; deprecated: boolean; note?: string }[];
  reservedValues: { value: string; reason: string }[];
  deprecated: boolean;
  description: string;
}

function typeFacts(option: GraphicsOption): Pick<GraphicsOptionDescription, 'type' | 'values' | 'minimum' | 'maximum' | 'maxLength'> {
  const t = option.type;
  switch (t.kind) {
    case 'enum':
      return { type: 'enum', values: [...t.values] };
    case 'integer':
    case 'number':
      return { type: t.kind, minimum: t.min, maximum: t.max };
    case 'named-or-hex-color':
      return { type: 'color', values: [...t.names] };
    case 'named-or-number':
      return { type: 'named-or-number', values: [...t.names], minimum: t.min, maximum: t.max };
    case 'metric-padding':
      return { type: 'metric-padding', minimum: t.min, maximum: t.max };
    case 'image-padding':
      return { type: 'image-padding', ...(t.auto ? { values: ['auto'] } : {}) };
    case 'text':
      return { type: 'text', maxLength: t.maxLength };
    case 'context-layers':
      return { type: 'context-layers', values: [...t.layers, 'none'] };
    case 'hex-color':
      return { type: 'color' };
    case 'boolean':
    case 'graphic-styling':
      return { type: t.kind };
  }
}

function describeOption(option: GraphicsOption): GraphicsOptionDescription {
  const d = option.default;
  return {
    name: option.name,
    queryName: option.query,
    queryAliases: (option.queryAliases ?? []).map((a) => ({ ...a })),
    bodyPath: option.body,
    bodyAliases: (option.bodyAliases ?? []).map((a) => ({ path: a.name, deprecated: a.deprecated })),
    ...typeFacts(option),
    default: 'rule' in d ? { rule: d.rule, description: DEFAULT_RULES[d.rule] } : 'value' in d ? { value: d.value } : { none: true },
    ...(option.auto ? { auto: option.auto } : {}),
    subjects: [...option.subjects],
    styles: [...option.styles],
    styleRestrictions: Object.fromEntries(
      Object.entries(option.styleRestrictions ?? {}).map(([style, r]) => [
        style,
        { reason: r.reason, ...(r.values ? { values: [...r.values] } : {}), ...(r.default !== undefined ? { default: r.default } : {}) },
      ]),
    ),
    ...(option.appliesWhen ? { appliesWhen: JSON.parse(JSON.stringify(option.appliesWhen)) } : {}),
    exclusiveWith: [...(option.exclusiveWith ?? [])],
    aliases: (option.aliases ?? []).map((a) => ({ ...a })),
    reservedValues: (option.reserved ?? []).map((r) => ({ ...r })),
    deprecated: option.deprecated ?? false,
    description: option.description,
  };
}

const range = (name: string) => {
  const t = graphicsOption(name).type;
  if (t.kind !== 'integer' && t.kind !== 'number' && t.kind !== 'metric-padding') throw new Error(`${name} has no range`);
  const d = graphicsOption(name).default;
  return { minimum: t.min, maximum: t.max, ...('value' in d ? { default: d.value } : {}) };
};

export function describeGraphicsOptions() {
  return {
    version: GRAPHICS_OPTIONS_DOCUMENT_VERSION,
    styles: GRAPHIC_STYLES.map((id) => ({ id, ...STYLE_DESCRIPTIONS[id], default: id === 'traditional' })),
    subjects: GRAPHIC_SUBJECTS.map((id) => ({
      id,
      getPath: SUBJECT_DESCRIPTIONS[id].getPath,
      post: true,
      description: SUBJECT_DESCRIPTIONS[id].description,
      defaultSizes: SUBJECT_DESCRIPTIONS[id].sizes,
      overlays: !SUBJECTS_WITHOUT_OVERLAYS.includes(id),
    })),
    formats: IMAGE_FORMATS.map((id) => ({
      id,
      contentType: IMAGE_CONTENT_TYPES[id],
      default: id === 'webp',
      aliases: (graphicsOption('format').aliases ?? []).filter((a) => a.canonical === id).map((a) => a.value),
    })),
    options: GRAPHICS_OPTIONS.map(describeOption),
    graphicStylingDefaults: {
      version: GRAPHIC_STYLING_VERSION,
      pencil: PENCIL_STYLING_DEFAULTS,
      'colored-pencil': COLORED_PENCIL_STYLING_DEFAULTS,
    },
    limits: {
      width: { minimum: GRAPHIC_DIMENSION_RANGE.min, maximum: GRAPHIC_DIMENSION_RANGE.max },
      height: { minimum: GRAPHIC_DIMENSION_RANGE.min, maximum: GRAPHIC_DIMENSION_RANGE.max },
      maxAreaPixels: GRAPHIC_MAX_AREA_PIXELS,
      quality: range('quality'),
      terrainIntensity: range('terrainIntensity'),
      heatmapOpacity: range('heatmapOpacity'),
      greenPaddingMeters: range('greenPaddingMeters'),
      overlayItemsPerRequest: { minimum: OVERLAY_ITEMS_PER_REQUEST.min, maximum: OVERLAY_ITEMS_PER_REQUEST.max },
      fairwayWidthYardages: { ...FAIRWAY_WIDTH_YARDAGES },
    },
    overlayTypes: [...OVERLAY_TYPES],
  };
}

export type GraphicsOptionsDocument = ReturnType<typeof describeGraphicsOptions>;

/** Default output sizes of a subject type, by layout (as in the styles document). */
export function subjectDefaultSizes(type: GraphicSubjectType): Record<string, OutputSize> {
  return SUBJECT_DESCRIPTIONS[type].sizes;
}

/** The query parameters (canonical names) that apply to a subject type, from the option table. */
export function queryParametersFor(type: GraphicSubjectType): string[] {
  return [...new Set(GRAPHICS_OPTIONS.filter((o) => o.query && o.subjects.includes(type)).map((o) => o.query as string))];
}
