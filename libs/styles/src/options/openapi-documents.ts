/**
 * OpenAPI 3.1 parameters of the GET graphics route and the JSON Schema (2020-12) of the POST
 * body, both generated from the option table.
 */
import { GRAPHICS_OPTIONS } from './graphics-options';
import type { GraphicsOption } from './option-declaration';
import { BODY_SECTIONS } from './graphics-body-parser';
import { GRAPHICS_SUBJECT_PATTERN } from './graphics-query-parser';
import { GRAPHIC_SUBJECTS, IMAGE_FORMATS, MAX_HOLE_NUMBER } from './graphics-vocabulary';
import { acceptedEnumValues, optionDescription, optionValueSchema, schemaDefault, type JsonSchema } from './option-json-schema';
import { regionCompositionJsonSchema } from './region-composition';
import { graphicsOption } from './graphics-options';

export interface OpenApiParameter {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  description: string;
  deprecated?: boolean;
  schema: JsonSchema;
  'x-caddie-subjects'?: readonly string[];
  'x-caddie-styles'?: readonly string[];
}

/** `subject` and `format` path parameters of GET /courses/{courseId}/graphics/images/{subject}/{format}. */
export function graphicsPathParameters(): OpenApiParameter[] {
  return [
    {
      name: 'subject',
      in: 'path',
      required: true,
      description:
        'What to draw: course (the full course), hole-N (one hole, tee to green), green-N (one green fitted edge to edge) or profile-elevation-N (side-view elevation profile); N a hole number without leading zero. hole-region is a POST subject only. GET /v1/courses/{courseId}/graphics lists the subjects a course offers.',
      schema: {
        type: 'string',
        pattern: GRAPHICS_SUBJECT_PATTERN,
        anyOf: [
          { const: 'course', description: 'the full course' },
          { pattern: '^hole-[1-9][0-9]*$', description: 'one hole' },
          { pattern: '^green-[1-9][0-9]*$', description: 'one green' },
          { pattern: '^profile-elevation-[1-9][0-9]*$', description: 'side-view elevation profile of one hole' },
        ],
        examples: ['course', 'hole-7', 'green-7', 'profile-elevation-7'],
      },
    },
    {
      name: 'format',
      in: 'path',
      required: true,
      description:
        'Image encoding: webp (default, efficient), png (lossless), jpeg or jpg (same encoder). Every format carries its dpi and an sRGB ICC profile.',
      schema: { type: 'string', enum: acceptedEnumValues(graphicsOption('format')) },
    },
  ];
}

/** Query parameters; options sharing a query name (`padding`) become one parameter. */
export function graphicsQueryParameters(): OpenApiParameter[] {
  const byName = new Map<string, GraphicsOption[]>();
  for (const option of GRAPHICS_OPTIONS) {
    if (option.query) byName.set(option.query, [...(byName.get(option.query) ?? []), option]);
  }
  const parameters: OpenApiParameter[] = [];
  for (const [name, options] of byName) {
    const schemas = options.map((o) => ({ ...optionValueSchema(o, 'query'), ...schemaDefault(o) }));
    parameters.push({
      name,
      in: 'query',
      required: false,
      description: options.map(optionDescription).join(' '),
      ...(options.every((o) => o.deprecated) ? { deprecated: true } : {}),
      schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas },
      'x-caddie-subjects': [...new Set(options.flatMap((o) => o.subjects))],
      'x-caddie-styles': [...new Set(options.flatMap((o) => o.styles))],
    });
    for (const option of options) {
      for (const alias of option.queryAliases ?? []) {
        parameters.push({
          name: alias.name,
          in: 'query',
          required: false,
          description: `${alias.deprecated ? 'Deprecated alias' : 'Alias'} of ${name}.`,
          ...(alias.deprecated ? { deprecated: true } : {}),
          schema: optionValueSchema(option, 'query'),
          'x-caddie-subjects': option.subjects,
          'x-caddie-styles': option.styles,
        });
      }
    }
  }
  return parameters;
}

interface SchemaNode {
  leaf?: JsonSchema;
  children: Map<string, SchemaNode>;
}

function insert(root: SchemaNode, path: string, leaf?: JsonSchema): void {
  let node = root;
  for (const key of path.split('.')) {
    if (!node.children.has(key)) node.children.set(key, { children: new Map() });
    node = node.children.get(key) as SchemaNode;
  }
  if (leaf) node.leaf = leaf;
}

function emit(node: SchemaNode, path: string): JsonSchema {
  if (node.children.size === 0) return node.leaf ?? { type: 'object', additionalProperties: path === 'style' };
  const properties: Record<string, JsonSchema> = {};
  for (const [key, child] of node.children) properties[key] = emit(child, path ? `${path}.${key}` : key);
  const object: JsonSchema = { type: 'object', properties, additionalProperties: path === 'style' };
  // style.context: the string 'none' or the layer object
  return node.leaf ? { oneOf: [node.leaf, object] } : object;
}

const holeNumber = { type: 'integer', minimum: 1, maximum: MAX_HOLE_NUMBER };

function subjectSchema(): JsonSchema {
  const variant = (type: string, required: string[], number?: JsonSchema): JsonSchema => ({
    type: 'object',
    properties: { type: { const: type, ...(type === 'hole' ? { default: 'hole' } : {}) }, ...(number ? { holeNumber: number } : {}) },
    required,
    additionalProperties: false,
  });
  return {
    description: 'What to draw; default { type: hole, holeNumber: 1 }.',
    default: { type: 'hole', holeNumber: 1 },
    oneOf: [
      variant('hole', [], { ...holeNumber, default: 1 }),
      variant('green', ['type', 'holeNumber'], holeNumber),
      variant('course', ['type']),
      variant('profile-elevation', ['type'], { ...holeNumber, default: 1 }),
      variant('hole-region', ['type'], { ...holeNumber, default: 1 }),
    ],
  };
}

/** JSON Schema 2020-12 of the POST /courses/{courseId}/graphics/images body. */
export function graphicsRequestBodySchema(): JsonSchema {
  const root: SchemaNode = { children: new Map() };
  for (const section of BODY_SECTIONS) insert(root, section);
  for (const option of GRAPHICS_OPTIONS) {
    if (!option.body) continue;
    const leaf = { description: optionDescription(option), ...optionValueSchema(option, 'body'), ...schemaDefault(option) };
    insert(root, option.body, option.deprecated ? { ...leaf, deprecated: true } : leaf);
    for (const alias of option.bodyAliases ?? []) {
      insert(root, alias.name, { description: `Deprecated alias of ${option.body}.`, ...optionValueSchema(option, 'body'), deprecated: alias.deprecated });
    }
  }
  const body = emit(root, '');
  const properties = body.properties as Record<string, JsonSchema>;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'GraphicRequest',
    description: `Structured graphics request. Subjects: ${GRAPHIC_SUBJECTS.join(', ')}; formats: ${IMAGE_FORMATS.join(', ')} (jpg accepted). The course id belongs in the path. Options that do not apply to the subject or style are rejected.`,
    type: 'object',
    properties: { subject: subjectSchema(), ...properties, regionComposition: regionCompositionJsonSchema() },
    additionalProperties: false,
  };
}
