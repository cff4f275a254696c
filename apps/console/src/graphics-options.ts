/** The graphics form, generated from the `/v1/styles` document (the option table the API validates with). */

export interface StyleOption {
  name: string;
  queryName: string | null;
  bodyPath: string | null;
  type: string;
  values?: string[];
  minimum?: number;
  maximum?: number;
  default?: { value?: unknown; description?: string; rule?: string };
  subjects: string[];
  styles: string[];
  styleRestrictions: Record<string, { reason: string; values: unknown[]; default: unknown }>;
  deprecated: boolean;
  description?: string;
}

export interface StylesDocument {
  styles: { id: string; name: string; description: string; default: boolean }[];
  formats: { id: string; contentType: string; default: boolean }[];
  options: StyleOption[];
  /** every overlay component type the API declares (the studio's overlay choices) */
  overlayTypes: string[];
}

export type FormValues = Record<string, string>;

/** Options a GET request of this subject type and style can carry (the style and format are chosen apart). */
export function formOptions(doc: StylesDocument, subjectType: string, style: string): StyleOption[] {
  return doc.options.filter((o) => o.queryName && !o.deprecated && o.subjects.includes(subjectType) && o.styles.includes(style) && o.name !== 'graphicStyle');
}

/** The values a control offers: the option's own, narrowed by the style's restriction. */
export function allowedValues(option: StyleOption, style: string): string[] | null {
  const restricted = option.styleRestrictions[style];
  if (restricted) return restricted.values.map(String);
  if (option.type === 'boolean') return ['true', 'false'];
  return option.values ?? null;
}

export function defaultText(option: StyleOption, style: string): string {
  const restricted = option.styleRestrictions[style];
  if (restricted) return String(restricted.default);
  if (option.default && 'value' in option.default) return String(option.default.value);
  return option.default?.description ?? 'per request';
}

/** `hole-7` → { type: 'hole', holeNumber: 7 }; `course` → { type: 'course' }. */
export function subjectOf(subject: string): { type: string; holeNumber?: number } {
  const m = /^(.*)-(\d+)$/.exec(subject);
  return m ? { type: m[1], holeNumber: Number(m[2]) } : { type: subject };
}

/** The query string of a GET request: the style, then every filled option by its query name. */
export function queryOf(doc: StylesDocument, style: string, values: FormValues): string {
  const params = new URLSearchParams();
  params.set('graphicStyle', style);
  for (const option of doc.options) {
    const value = option.queryName ? values[option.queryName] : undefined;
    if (option.queryName && value !== undefined && value !== '') params.set(option.queryName, value);
  }
  return params.toString();
}

function typed(option: StyleOption, value: string): unknown {
  if (option.type === 'boolean') return value === 'true';
  if ((option.type === 'integer' || option.type === 'number') && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  return value;
}

/** The equivalent POST body: each filled option at its body path. */
export function bodyOf(doc: StylesDocument, subject: string, format: string, style: string, values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = { subject: subjectOf(subject) };
  const put = (path: string, value: unknown) => {
    const parts = path.split('.');
    let node = body;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]] = value;
  };
  put('output.format', format);
  put('style.graphicStyle', style);
  for (const option of doc.options) {
    const value = option.queryName ? values[option.queryName] : undefined;
    if (option.bodyPath && value !== undefined && value !== '') put(option.bodyPath, typed(option, value));
  }
  return body;
}

/** An option label in words: `fairwayPattern` → "Fairway pattern". */
export function optionWords(queryName: string): string {
  const words = queryName.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A filled option the chosen subject and style refuse, and why. */
export interface RefusedOption {
  queryName: string;
  value: string;
  reason: string;
}

/**
 * The filled values a subject type and style would refuse: a value outside the style's
 * restriction (Pencil has no checks pattern) or an option the combination does not take.
 */
export function refusedOptions(doc: StylesDocument, subjectType: string, style: string, values: FormValues): RefusedOption[] {
  const offered = new Map(formOptions(doc, subjectType, style).map((o) => [o.queryName!, o]));
  const refused: RefusedOption[] = [];
  for (const [queryName, value] of Object.entries(values)) {
    if (value === '') continue;
    const option = offered.get(queryName);
    const known = doc.options.find((o) => o.queryName === queryName);
    if (!option) {
      if (known) refused.push({ queryName, value, reason: `${subjectType} graphics in ${style} do not take it` });
      continue;
    }
    const allowed = allowedValues(option, style);
    if (allowed && option.type !== 'boolean' && !allowed.includes(value)) {
      refused.push({ queryName, value, reason: option.styleRestrictions[style]?.reason ?? `${style} allows ${allowed.join(', ')}` });
    }
  }
  return refused;
}

/**
 * A preview width the subject accepts: the height follows the subject's default proportions and
 * both sides must be at least 320 px, so a wide elevation profile needs a wider preview.
 */
export function previewWidthFor(defaultSizes: Record<string, { width: number; height: number }> | undefined, smallest = 480): number {
  const size = defaultSizes ? Object.values(defaultSizes)[0] : undefined;
  if (!size || size.height >= size.width) return smallest;
  return Math.max(smallest, Math.ceil((320 * size.width) / size.height));
}
