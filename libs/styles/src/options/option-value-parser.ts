/**
 * Reads one option value, from a GET query string or a POST JSON value, into its canonical
 * form. Both routes go through here so equal inputs give equal normalized values.
 */
import { inputExcerpt } from '@caddie/json-input';
import type { ContextLayerName, GraphicsOption } from './option-declaration';
import type { GraphicsProblemCode } from './graphics-request-error';
import { parseImagePadding, parseMetricPadding } from './padding-shorthand';

export type ValueSource = 'query' | 'body';
export type ParsedOptionValue = { ok: true; value: unknown } | { ok: false; code: GraphicsProblemCode; detail: string };

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const DECIMAL = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;
const INTEGER = /^-?\d+$/;

const ok = (value: unknown): ParsedOptionValue => ({ ok: true, value });
const invalid = (detail: string): ParsedOptionValue => ({ ok: false, code: 'invalid-parameter', detail });
const quoted = (raw: unknown) => inputExcerpt(raw);

function readNumber(raw: unknown, from: ValueSource, integer: boolean): number | null {
  if (from === 'body') return typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
  if (typeof raw !== 'string' || !(integer ? INTEGER : DECIMAL).test(raw.trim())) return null;
  return Number(raw.trim());
}

function readBoolean(raw: unknown, from: ValueSource): boolean | null {
  if (from === 'body') return typeof raw === 'boolean' ? raw : null;
  const text = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  return null;
}

function resolveAlias(option: GraphicsOption, value: string): string {
  return option.aliases?.find((a) => a.value === value)?.canonical ?? value;
}

function parseEnum(option: GraphicsOption, values: readonly string[], raw: unknown): ParsedOptionValue {
  if (typeof raw !== 'string') return invalid(`expected one of ${values.join(', ')}`);
  const value = resolveAlias(option, raw.trim());
  const reserved = option.reserved?.find((r) => r.value === value);
  if (reserved) return { ok: false, code: 'unsupported-value', detail: `${quoted(raw)} is not accepted: ${reserved.reason}` };
  return values.includes(value) ? ok(value) : invalid(`${quoted(raw)} is not one of ${values.join(', ')}`);
}

function parseContextLayers(option: GraphicsOption, layers: readonly ContextLayerName[], raw: unknown, from: ValueSource): ParsedOptionValue {
  if (typeof raw !== 'string') return invalid('expected the string "none" or an object of layer booleans');
  const text = raw.trim();
  if (text === 'none') return ok([]);
  if (from === 'body') return invalid('the string form of style.context is "none"; use an object to choose layers');
  const chosen = new Set<ContextLayerName>();
  for (const name of text.split(',').map((n) => resolveAlias(option, n.trim()))) {
    if (!(layers as readonly string[]).includes(name)) return invalid(`${quoted(name)} is not one of ${layers.join(', ')}, none`);
    chosen.add(name as ContextLayerName);
  }
  return ok(layers.filter((l) => chosen.has(l)));
}

export function parseOptionValue(option: GraphicsOption, raw: unknown, from: ValueSource): ParsedOptionValue {
  const type = option.type;
  switch (type.kind) {
    case 'enum':
      return parseEnum(option, type.values, raw);
    case 'integer':
    case 'number': {
      const integer = type.kind === 'integer';
      const n = readNumber(raw, from, integer);
      if (n === null || (integer && !Number.isInteger(n))) return invalid(`expected ${integer ? 'an integer' : 'a number'} ${type.min}..${type.max}`);
      if (n < type.min || n > type.max) return invalid(`${n} is outside ${type.min}..${type.max}`);
      return ok(n === 0 ? 0 : n);
    }
    case 'boolean': {
      const b = readBoolean(raw, from);
      return b === null ? invalid(from === 'query' ? 'expected true or false' : 'expected a JSON boolean') : ok(b);
    }
    case 'hex-color':
      return typeof raw === 'string' && HEX_COLOR.test(raw.trim()) ? ok(raw.trim().toUpperCase()) : invalid('expected #RRGGBB');
    case 'named-or-hex-color': {
      const text = typeof raw === 'string' ? raw.trim() : '';
      if (type.names.includes(text)) return ok(type.named?.[text] ?? text);
      if (HEX_COLOR.test(text)) return ok(text.toUpperCase());
      if (type.fallback !== undefined) return ok(type.fallback);
      return invalid(`expected ${type.names.join(', ')} or #RRGGBB`);
    }
    case 'named-or-number': {
      if (typeof raw === 'string' && type.names.includes(raw.trim())) return ok(raw.trim());
      const n = readNumber(raw, from, false);
      if (n === null || n < type.min || n > type.max) return invalid(`expected ${type.names.join(', ')} or a number ${type.min}..${type.max}`);
      return ok(n);
    }
    case 'image-padding': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return invalid('expected a padding string');
      const parsed = parseImagePadding(raw, type);
      return parsed.ok ? ok(parsed.value) : invalid(parsed.detail);
    }
    case 'metric-padding': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return invalid('expected a number or a padding string');
      const parsed = parseMetricPadding(raw, type.min, type.max);
      return parsed.ok ? ok(parsed.value) : invalid(parsed.detail);
    }
    case 'text': {
      if (typeof raw !== 'string' || raw.trim() === '') return invalid('expected a non-empty string');
      if (raw.length > type.maxLength) return invalid(`longer than ${type.maxLength} characters`);
      return ok(raw.trim().toLowerCase());
    }
    case 'context-layers':
      return parseContextLayers(option, type.layers, raw, from);
    case 'graphic-styling':
      // Merged in the resolver, where the selected style is known.
      return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? ok(raw) : invalid('expected an object');
  }
}
