/**
 * JSON Schema (2020-12) of overlay items, one variant per component type, generated from the
 * same zod declarations that validate them (OVERLAY_SCHEMAS), so a new component appears in the
 * API document by being declared.
 */
import { z } from 'zod';
import { OVERLAY_ITEMS_PER_REQUEST, OVERLAY_TYPES } from '../options/graphics-vocabulary';
import type { JsonSchema } from '../options/option-json-schema';
import { OVERLAY_ID_PATTERN } from './overlay-fields';
import { OVERLAY_SCHEMAS } from './overlay-schemas';

const idSchema = z
  .string()
  .regex(OVERLAY_ID_PATTERN)
  .optional()
  .describe('Addresses one instance when a type repeats; omitted ids are assigned deterministically (the type, then -2, -3, …).');

function withoutDialect(schema: Record<string, unknown>): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

/** One item schema per component type, keyed by type. */
export function overlayItemJsonSchemas(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const type of Object.keys(OVERLAY_SCHEMAS) as (keyof typeof OVERLAY_SCHEMAS)[]) {
    const item = (OVERLAY_SCHEMAS[type] as z.ZodObject).extend({ type: z.literal(type), id: idSchema });
    out[type] = { title: `Overlay ${type}`, ...withoutDialect(z.toJSONSchema(item, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>) };
  }
  return out;
}

/** The body of POST /renders/{renderId}/overlays. */
export function overlayRequestJsonSchema(): JsonSchema {
  const items = overlayItemJsonSchemas();
  return {
    type: 'object',
    required: ['receipt', 'overlays'],
    additionalProperties: false,
    properties: {
      receipt: {
        type: 'string',
        minLength: 1,
        maxLength: 4000,
        description: 'render.receipt of the GraphicRenderDescriptor (short-lived, bound to the key and the render).',
      },
      overlays: {
        type: 'array',
        minItems: OVERLAY_ITEMS_PER_REQUEST.min,
        maxItems: OVERLAY_ITEMS_PER_REQUEST.max,
        description: `Components to resolve; each type must be in render.allowedOverlays. Types: ${OVERLAY_TYPES.join(', ')}.`,
        items: { oneOf: Object.values(items) },
      },
    },
  };
}
