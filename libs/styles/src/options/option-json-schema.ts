/** JSON Schema fragments of one option's value, as written in a GET query or a POST body. */
import type { GraphicsOption } from './option-declaration';
import type { ValueSource } from './option-value-parser';
import { COLORED_PENCIL_STYLING_DEFAULTS, PENCIL_STYLING_DEFAULTS, STYLING_WIDTH_RANGE } from './graphic-styling';

export type JsonSchema = Record<string, unknown>;

export const HEX_COLOR_PATTERN = '^#[0-9A-Fa-f]{6}$';
const STYLING_COLOR_PATTERN = '^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$';
const NUMBER_TOKEN = '(\\d+(\\.\\d+)?|\\.\\d+)';
const SEPARATOR = '(\\s*,\\s*|\\s+)';
const shorthand = (token: string) => `${token}(${SEPARATOR}${token}){0,3}`;
const IMAGE_PADDING_TOKEN = `${NUMBER_TOKEN}(%|px)?`;

/** every value the option accepts as input, aliases included (for enums) */
export function acceptedEnumValues(option: GraphicsOption): string[] {
  if (option.type.kind !== 'enum') return [];
  return [...option.type.values, ...(option.aliases ?? []).map((a) => a.value)];
}

export function optionValueSchema(option: GraphicsOption, from: ValueSource): JsonSchema {
  const type = option.type;
  switch (type.kind) {
    case 'enum':
      return { type: 'string', enum: acceptedEnumValues(option) };
    case 'integer':
    case 'number':
      return { type: type.kind, minimum: type.min, maximum: type.max };
    case 'boolean':
      return { type: 'boolean' };
    case 'hex-color':
      return { type: 'string', pattern: HEX_COLOR_PATTERN };
    case 'named-or-hex-color':
      // A fallback means any string is accepted; the names and the pattern are documentation.
      if (type.fallback !== undefined) return { type: 'string', examples: [...type.names, '#1E2A24'] };
      return { type: 'string', anyOf: [{ enum: [...type.names] }, { pattern: HEX_COLOR_PATTERN }] };
    case 'named-or-number':
      return {
        anyOf: [
          { type: 'string', enum: [...type.names] },
          { type: 'number', minimum: type.min, maximum: type.max },
        ],
      };
    case 'image-padding': {
      const text = { type: 'string', pattern: `^\\s*(${type.auto ? 'auto|' : ''}${shorthand(IMAGE_PADDING_TOKEN)})\\s*$` };
      return from === 'query' ? text : { anyOf: [text, { type: 'number', minimum: 0 }] };
    }
    case 'metric-padding': {
      const text = { type: 'string', pattern: `^\\s*${shorthand(NUMBER_TOKEN)}\\s*$` };
      return { anyOf: [{ type: 'number', minimum: type.min, maximum: type.max }, text] };
    }
    case 'text':
      return { type: 'string', minLength: 1, maxLength: type.maxLength };
    case 'context-layers': {
      if (from === 'body') return { type: 'string', enum: ['none'] };
      const names = [...type.layers, ...(option.aliases ?? []).map((a) => a.value)].join('|');
      return { type: 'string', pattern: `^(none|(${names})(,(${names}))*)$` };
    }
    case 'graphic-styling':
      return { anyOf: [stylingSchema(PENCIL_STYLING_DEFAULTS), stylingSchema(COLORED_PENCIL_STYLING_DEFAULTS)] };
  }
}

/** A partial of a styling defaults object: every field optional, no others. */
function stylingSchema(defaults: object): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [key, value] of Object.entries(defaults)) {
    if (key === 'version') properties[key] = { const: value };
    else if (value !== null && typeof value === 'object') properties[key] = stylingSchema(value);
    else if (typeof value === 'number') properties[key] = { type: 'number', minimum: STYLING_WIDTH_RANGE.min, maximum: STYLING_WIDTH_RANGE.max };
    else properties[key] = { type: 'string', pattern: STYLING_COLOR_PATTERN };
  }
  return { type: 'object', properties, additionalProperties: false };
}

/** `default` keyword when the default is one fixed value for every style. */
export function schemaDefault(option: GraphicsOption): { default?: unknown } {
  return 'value' in option.default ? { default: option.default.value } : {};
}

/** One-paragraph description: the option's own text plus where and when it applies. */
export function optionDescription(option: GraphicsOption): string {
  const parts = [option.description, `Subjects: ${option.subjects.join(', ')}.`];
  if (option.styles.length < 3) parts.push(`Styles: ${option.styles.join(', ')}.`);
  for (const [style, r] of Object.entries(option.styleRestrictions ?? {})) {
    parts.push(`${style}: ${r.values ? `only ${r.values.join(', ')}` : ''}${r.default !== undefined ? ` (default ${r.default})` : ''}.`);
  }
  if ('rule' in option.default) parts.push(`Default: ${option.default.rule}.`);
  for (const alias of option.aliases ?? []) parts.push(`${alias.value} is ${alias.deprecated ? 'a deprecated' : 'an'} alias of ${alias.canonical}.`);
  return parts.join(' ');
}
