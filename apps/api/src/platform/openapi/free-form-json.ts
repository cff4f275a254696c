/**
 * A value the contract leaves free-form (dataset contents, the settings a component was drawn
 * with): any JSON value, said so in the document rather than left as an empty schema.
 */
import { z } from 'zod';

export const FREE_FORM_MARK = 'x-free-form';
export const JSON_VALUE_TYPES = ['object', 'array', 'string', 'number', 'boolean', 'null'];

export function freeFormJson(description: string) {
  return z.unknown().meta({ description, [FREE_FORM_MARK]: true });
}

/** toJSONSchema override: a marked schema becomes "any JSON type" with its description. */
export function expandFreeForm(ctx: { jsonSchema: Record<string, unknown> }): void {
  if (!ctx.jsonSchema[FREE_FORM_MARK]) return;
  delete ctx.jsonSchema[FREE_FORM_MARK];
  ctx.jsonSchema.type = JSON_VALUE_TYPES;
}
