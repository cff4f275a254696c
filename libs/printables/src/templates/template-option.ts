import { inputExcerpt } from '@caddie/json-input';

/**
 * One row per template option: parsing and the JSON Schema served by the templates routes are both
 * derived from it, so an option's allowed values and default live in exactly one place.
 */
export type TemplateOptionType = { kind: 'enum'; values: readonly string[] } | { kind: 'integer'; min: number; max: number } | { kind: 'boolean' };

export type TemplateOptionValue = string | number | boolean;

export interface TemplateOption {
  name: string;
  type: TemplateOptionType;
  /** null: the option has no default and is left out unless given */
  default: TemplateOptionValue | null;
  description: string;
}

export type JsonSchema = Record<string, unknown>;

export function optionSchema(option: TemplateOption): JsonSchema {
  const base: JsonSchema = { description: option.description };
  if (option.default !== null) base.default = option.default;
  switch (option.type.kind) {
    case 'enum':
      return { type: 'string', enum: [...option.type.values], ...base };
    case 'integer':
      return { type: 'integer', minimum: option.type.min, maximum: option.type.max, ...base };
    case 'boolean':
      return { type: 'boolean', ...base };
  }
}

/** The JSON Schema (draft 2020-12) of a template's options object. */
export function optionsSchema(options: readonly TemplateOption[]): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(options.map((o) => [o.name, optionSchema(o)])),
  };
}

export type ParsedValue = { ok: true; value: TemplateOptionValue } | { ok: false; detail: string };

/**
 * Reads one value. Strings are accepted for numbers and booleans too, so the CLI's `--option k=v`
 * and a JSON body normalize to the same request.
 */
export function parseOptionValue(option: TemplateOption, raw: unknown): ParsedValue {
  const type = option.type;
  switch (type.kind) {
    case 'enum':
      return typeof raw === 'string' && type.values.includes(raw.trim())
        ? { ok: true, value: raw.trim() }
        : { ok: false, detail: `${inputExcerpt(raw)} is not one of ${type.values.join(', ')}` };
    case 'integer': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
      if (!Number.isInteger(n)) return { ok: false, detail: `expected an integer ${type.min}..${type.max}` };
      if (n < type.min || n > type.max) return { ok: false, detail: `${n} is outside ${type.min}..${type.max}` };
      return { ok: true, value: n };
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === 'true' || raw === 'false') return { ok: true, value: raw === 'true' };
      return { ok: false, detail: 'expected true or false' };
    }
  }
}
