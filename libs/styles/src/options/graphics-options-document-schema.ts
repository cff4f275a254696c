/** JSON Schema (2020-12) of the `GET /v1/styles` document built by describeGraphicsOptions(). */

export const GRAPHICS_OPTIONS_DOCUMENT_SCHEMA_ID = 'https://caddie.dev/schemas/graphics-options-1.json';

const range = {
  type: 'object',
  properties: { minimum: { type: 'number' }, maximum: { type: 'number' }, default: { type: 'number' } },
  required: ['minimum', 'maximum'],
  additionalProperties: false,
};
const size = {
  type: 'object',
  properties: { width: { type: 'integer' }, height: { type: 'integer' } },
  required: ['width', 'height'],
  additionalProperties: false,
};
const scalar = { type: ['string', 'number', 'boolean'] };
const strings = { type: 'array', items: { type: 'string' } };
const nameAlias = (key: string) => ({
  type: 'array',
  items: {
    type: 'object',
    properties: { [key]: { type: 'string' }, deprecated: { type: 'boolean' } },
    required: [key, 'deprecated'],
    additionalProperties: false,
  },
});

const option = {
  type: 'object',
  description: 'One graphics option. bodyPath is also its path in the normalized request.',
  properties: {
    name: { type: 'string' },
    queryName: { type: ['string', 'null'], description: 'GET query parameter; null for POST-only options and the format path segment' },
    queryAliases: nameAlias('name'),
    bodyPath: { type: ['string', 'null'], description: 'dotted path in the POST body' },
    bodyAliases: nameAlias('path'),
    type: {
      enum: [
        'enum',
        'integer',
        'number',
        'boolean',
        'color',
        'named-or-number',
        'image-padding',
        'metric-padding',
        'text',
        'context-layers',
        'graphic-styling',
      ],
    },
    values: strings,
    minimum: { type: 'number' },
    maximum: { type: 'number' },
    maxLength: { type: 'integer' },
    default: {
      oneOf: [
        { type: 'object', properties: { value: scalar }, required: ['value'], additionalProperties: false },
        {
          type: 'object',
          properties: { rule: { type: 'string' }, description: { type: 'string' } },
          required: ['rule', 'description'],
          additionalProperties: false,
        },
        { type: 'object', properties: { none: { const: true } }, required: ['none'], additionalProperties: false },
      ],
    },
    auto: { type: 'string', description: 'how the value auto is resolved from the course location' },
    subjects: strings,
    styles: strings,
    styleRestrictions: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        properties: { values: { type: 'array', items: scalar }, default: scalar, reason: { type: 'string' } },
        required: ['reason'],
        additionalProperties: false,
      },
    },
    appliesWhen: {
      type: 'object',
      properties: { option: { type: 'string' }, in: { type: 'array', items: scalar }, notIn: { type: 'array', items: scalar }, present: { type: 'boolean' } },
      required: ['option'],
      additionalProperties: false,
    },
    exclusiveWith: strings,
    aliases: {
      type: 'array',
      items: {
        type: 'object',
        properties: { value: { type: 'string' }, canonical: { type: 'string' }, deprecated: { type: 'boolean' }, note: { type: 'string' } },
        required: ['value', 'canonical', 'deprecated'],
        additionalProperties: false,
      },
    },
    reservedValues: {
      type: 'array',
      items: {
        type: 'object',
        properties: { value: { type: 'string' }, reason: { type: 'string' } },
        required: ['value', 'reason'],
        additionalProperties: false,
      },
    },
    deprecated: { type: 'boolean' },
    description: { type: 'string' },
  },
  required: [
    'name',
    'queryName',
    'queryAliases',
    'bodyPath',
    'bodyAliases',
    'type',
    'default',
    'subjects',
    'styles',
    'styleRestrictions',
    'exclusiveWith',
    'aliases',
    'reservedValues',
    'deprecated',
    'description',
  ],
  additionalProperties: false,
};

export const GRAPHICS_OPTIONS_DOCUMENT_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: GRAPHICS_OPTIONS_DOCUMENT_SCHEMA_ID,
  title: 'GraphicsOptions',
  description: 'Response of GET /v1/styles: graphic styles, subjects with default sizes, every graphics option with its GET and POST names, and the limits.',
  type: 'object',
  properties: {
    version: { const: 'caddie-graphics-options@1' },
    styles: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' }, default: { type: 'boolean' } },
        required: ['id', 'name', 'description', 'default'],
        additionalProperties: false,
      },
    },
    subjects: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          getPath: { type: ['string', 'null'], description: 'GET path segment pattern; null for POST-only subjects' },
          post: { type: 'boolean' },
          description: { type: 'string' },
          defaultSizes: { type: 'object', additionalProperties: size },
          overlays: { type: 'boolean', description: 'whether render receipts of this subject authorize overlays' },
        },
        required: ['id', 'getPath', 'post', 'description', 'defaultSizes', 'overlays'],
        additionalProperties: false,
      },
    },
    formats: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, contentType: { type: 'string' }, default: { type: 'boolean' }, aliases: strings },
        required: ['id', 'contentType', 'default', 'aliases'],
        additionalProperties: false,
      },
    },
    options: { type: 'array', items: option },
    graphicStylingDefaults: {
      type: 'object',
      properties: { version: { type: 'integer' }, pencil: { type: 'object' }, 'colored-pencil': { type: 'object' } },
      required: ['version', 'pencil', 'colored-pencil'],
      additionalProperties: false,
    },
    limits: {
      type: 'object',
      properties: {
        width: range,
        height: range,
        maxAreaPixels: { type: 'integer' },
        quality: range,
        terrainIntensity: range,
        heatmapOpacity: range,
        greenPaddingMeters: range,
        overlayItemsPerRequest: range,
        fairwayWidthYardages: {
          type: 'object',
          properties: { minItems: { type: 'integer' }, maxItems: { type: 'integer' }, min: { type: 'number' }, max: { type: 'number' } },
          required: ['minItems', 'maxItems', 'min', 'max'],
          additionalProperties: false,
        },
      },
      required: [
        'width',
        'height',
        'maxAreaPixels',
        'quality',
        'terrainIntensity',
        'heatmapOpacity',
        'greenPaddingMeters',
        'overlayItemsPerRequest',
        'fairwayWidthYardages',
      ],
      additionalProperties: false,
    },
    overlayTypes: strings,
  },
  required: ['version', 'styles', 'subjects', 'formats', 'options', 'graphicStylingDefaults', 'limits', 'overlayTypes'],
  additionalProperties: false,
} as const;
