/**
 * Turns the option values a client gave (by GET query or POST body) into the normalized
 * request: applicability by subject and style, style restrictions, defaults, `auto` rules,
 * and the rules that tie options together. Both routes end here, so equivalent requests
 * normalize identically.
 */
import type { GraphicsOption, OptionValue } from './option-declaration';
import { CONTEXT_LAYER_NAMES, MM_PER_INCH } from './option-declaration';
import { PHYSICAL_SIZE_OPTIONS } from './output-options';
import { GRAPHICS_OPTIONS, graphicsOption } from './graphics-options';
import { CONTEXT_LAYER_OPTION } from './context-options';
import { LANDSCAPE_ANCHORS, NUMERIC_TARGET_OPTIONS, PORTRAIT_ANCHORS } from './composition-options';
import {
  GRAPHIC_DIMENSION_RANGE,
  GRAPHIC_MAX_AREA_PIXELS,
  defaultOutputSize,
  type GraphicStyle,
  type HoleLayout,
  type OutputSize,
} from './graphics-vocabulary';
import type { ProblemList } from './graphics-request-error';
import { parseOptionValue, type ValueSource } from './option-value-parser';
import { defaultFairwayPattern, resolveAuto, type CourseStyleContext } from './course-style-context';
import { mergeGraphicStyling } from './graphic-styling';
import { paddingPixels, type ImagePadding } from './padding-shorthand';
import type { RegionComposition } from './region-composition';
import { NORMALIZED_REQUEST_SCHEMA, type NormalizedGraphicRequest, type NormalizedSubject } from './normalized-graphic-request';

/** One value as the client wrote it. */
export interface OptionInput {
  raw: unknown;
  /** the query name or body path the client used, for problem reports */
  parameter: string;
}

export interface GraphicRequestInputs {
  route: ValueSource;
  subject: NormalizedSubject;
  /** by option name */
  options: Map<string, OptionInput>;
  regionComposition?: RegionComposition;
}

interface GivenValue {
  value: unknown;
  raw: unknown;
  parameter: string;
  /** implied by the `context` list for a layer it does not name: never an error */
  soft?: boolean;
}

export function resolveGraphicRequest(inputs: GraphicRequestInputs, course: CourseStyleContext, problems: ProblemList): NormalizedGraphicRequest {
  const subjectType = inputs.subject.type;
  const label = (o: GraphicsOption) => (inputs.route === 'query' ? o.query : o.body) ?? o.name;

  const given = new Map<string, GivenValue>();
  const malformed = new Set<string>();
  for (const [name, input] of inputs.options) {
    const parsed = parseOptionValue(graphicsOption(name), input.raw, inputs.route);
    if (parsed.ok) given.set(name, { value: parsed.value, raw: input.raw, parameter: input.parameter });
    else {
      malformed.add(name);
      problems.add(input.parameter, parsed.code, parsed.detail);
    }
  }
  expandContextList(given, problems);

  const style = (given.get('graphicStyle')?.value ?? 'traditional') as GraphicStyle;
  const resolved = new Map<string, unknown>();
  const resolving = new Set<string>();

  const resolve = (name: string): unknown => {
    if (resolved.has(name)) return resolved.get(name);
    if (resolving.has(name)) throw new Error(`graphics option cycle at ${name}`);
    resolving.add(name);
    const value = resolveOption(graphicsOption(name));
    resolved.set(name, value);
    return value;
  };

  const report = (g: GivenValue | undefined, code: 'parameter-not-applicable' | 'incompatible-style-option', detail: string) => {
    if (g && !g.soft) problems.add(g.parameter, code, detail);
  };

  const resolveOption = (option: GraphicsOption): unknown => {
    const g = given.get(option.name);
    if (!option.subjects.includes(subjectType)) {
      report(g, 'parameter-not-applicable', `applies to ${option.subjects.join(', ')}, not ${subjectType}`);
      return undefined;
    }
    if (!option.styles.includes(style)) {
      report(g, 'incompatible-style-option', `applies to graphicStyle ${option.styles.join(', ')}, not ${style}`);
      return undefined;
    }
    // A print size is read by outputSize() into width and height; it is never stored itself.
    if (option.physicalSize) return undefined;
    if (option.appliesWhen && !conditionHolds(option.appliesWhen, resolve(option.appliesWhen.option))) return undefined;
    for (const other of option.exclusiveWith ?? []) {
      const o = given.get(other);
      if (!o) continue;
      if (g && option.name < other) problems.add(g.parameter, 'conflicting-parameters', `cannot be combined with ${o.parameter}`);
      return undefined;
    }
    if (option.type.kind === 'graphic-styling') return mergeGraphicStyling(style, g?.raw ?? {}, g?.parameter ?? label(option), problems);

    const restriction = option.styleRestrictions?.[style];
    let value = g?.value;
    if (value !== undefined && restriction?.values && !restriction.values.includes(value as OptionValue)) {
      report(g, 'incompatible-style-option', `${restriction.reason} (allowed: ${restriction.values.join(', ')})`);
      value = undefined;
    }
    if (value === undefined) value = defaultValue(option, restriction?.default);
    if (option.auto && value === 'auto') value = resolveAuto(option.auto, course);
    return value;
  };

  let size: OutputSize | null = null;
  /** the parameters the size came from, for the area problem */
  let sizeParameters: string[] = [];
  let printSize = false;
  const outputSize = (): OutputSize => {
    if (size) return size;
    const layout = subjectType === 'hole' ? (resolve('layout') as HoleLayout) : 'portrait';
    // A malformed dimension is already reported; deriving the other from it would only add noise.
    const sizeInputs = ['width', 'height', 'dpi', ...PHYSICAL_SIZE_OPTIONS.map((o) => o.name)];
    const sides = sizeInputs.some((n) => malformed.has(n)) ? null : requestedSides(given, resolve('dpi') as number, problems);
    sizeParameters = Object.values(sides ?? {}).map((s) => s.parameter);
    printSize = PHYSICAL_SIZE_OPTIONS.some((o) => given.has(o.name));
    size = sides ? resolveOutputSize(layout, sides, inputs.subject, problems) : defaultOutputSize(subjectType, layout);
    return size;
  };

  const defaultValue = (option: GraphicsOption, styleDefault: OptionValue | undefined): unknown => {
    const fixed = styleDefault ?? ('value' in option.default ? option.default.value : undefined);
    if (fixed !== undefined) {
      const parsed = parseOptionValue(option, fixed, 'body');
      if (!parsed.ok) throw new Error(`default of ${option.name} does not parse: ${parsed.detail}`);
      return parsed.value;
    }
    if (!('rule' in option.default)) return undefined;
    switch (option.default.rule) {
      case 'per-subject':
        return option.name === 'width' ? outputSize().width : outputSize().height;
      case 'course-classification':
        return defaultFairwayPattern(course);
      case 'numeric-targets':
        return NUMERIC_TARGET_OPTIONS.some((n) => given.has(n)) ? 'exact' : 'preset';
      case 'furthest-tee':
      case 'size-scaled':
      case 'style-defaults':
        return undefined;
    }
  };

  const out: Record<string, unknown> = { schema: NORMALIZED_REQUEST_SCHEMA, subject: inputs.subject };
  for (const option of GRAPHICS_OPTIONS) {
    const value = resolve(option.name);
    if (value !== undefined && option.type.kind !== 'context-layers' && option.body) setPath(out, option.body, value);
  }
  if (inputs.regionComposition) out.regionComposition = inputs.regionComposition;

  const request = out as unknown as NormalizedGraphicRequest;
  checkAnchors(request, given, problems);
  checkArea(request, sizeParameters, printSize, problems, label);
  checkPaddingFits(request, given, problems, label);
  return request;
}

/** Without a subject nothing resolves; this still reports every malformed value. */
export function reportMalformedValues(options: Map<string, OptionInput>, route: ValueSource, problems: ProblemList): void {
  for (const [name, input] of options) {
    const parsed = parseOptionValue(graphicsOption(name), input.raw, route);
    if (!parsed.ok) problems.add(input.parameter, parsed.code, parsed.detail);
  }
}

function conditionHolds(when: NonNullable<GraphicsOption['appliesWhen']>, value: unknown): boolean {
  if (when.present !== undefined) return (value !== undefined) === when.present;
  if (when.in) return when.in.includes(value as OptionValue);
  if (when.notIn) return value !== undefined && !when.notIn.includes(value as OptionValue);
  return true;
}

/** The `context` list sets every layer: named ones on, the others off. */
function expandContextList(given: Map<string, GivenValue>, problems: ProblemList): void {
  const list = given.get('context');
  if (!list) return;
  const layers = list.value as string[];
  for (const layer of CONTEXT_LAYER_NAMES) {
    const name = CONTEXT_LAYER_OPTION[layer];
    const direct = given.get(name);
    if (direct) {
      problems.add(direct.parameter, 'conflicting-parameters', `cannot be combined with ${list.parameter}`);
      continue;
    }
    const on = layers.includes(layer);
    given.set(name, { value: on, raw: list.raw, parameter: list.parameter, soft: !on });
  }
}

/** One side of the output as the client asked for it, already in pixels. */
interface RequestedSide {
  pixels: number;
  parameter: string;
}
type RequestedSides = Partial<Record<'width' | 'height', RequestedSide>>;

/**
 * The sides the client gave, in pixels: from width/height, or from a physical size at the dpi.
 * Pixels and physical sizes, or millimetres and inches, are never mixed; null means "reported,
 * fall back to the default size".
 */
function requestedSides(given: Map<string, GivenValue>, dpi: number, problems: ProblemList): RequestedSides | null {
  const pixels = (['width', 'height'] as const).filter((n) => given.has(n));
  const physical = PHYSICAL_SIZE_OPTIONS.filter((o) => given.has(o.name));
  const at = (name: string) => (given.get(name) as GivenValue).parameter;
  if (pixels.length > 0 && physical.length > 0) {
    for (const option of physical) {
      problems.add(
        at(option.name),
        'conflicting-parameters',
        `${at(option.name)} cannot be combined with ${pixels.map(at).join(' and ')}: give the size in pixels or as a print size, not both`,
      );
    }
    return null;
  }
  if (physical.length === 0) {
    return Object.fromEntries(pixels.map((n) => [n, { pixels: given.get(n)?.value as number, parameter: at(n) }]));
  }
  const first = physical[0];
  const sides: RequestedSides = {};
  let usable = true;
  for (const option of physical) {
    const { side, unit } = option.physicalSize!;
    if (unit !== first.physicalSize!.unit) {
      problems.add(at(option.name), 'conflicting-parameters', `${at(option.name)} cannot be combined with ${at(first.name)}: give both sides in one unit`);
      usable = false;
      continue;
    }
    const value = given.get(option.name)?.value as number;
    const px = Math.round((unit === 'mm' ? value / MM_PER_INCH : value) * dpi);
    const { min, max } = GRAPHIC_DIMENSION_RANGE;
    if (px < min || px > max) {
      problems.add(
        at(option.name),
        'invalid-parameter',
        `${value} ${unit} at ${dpi} dpi is ${px} pixels, outside ${min}..${max} pixels per side; change the size or the dpi`,
      );
      usable = false;
      continue;
    }
    sides[side] = { pixels: px, parameter: at(option.name) };
  }
  return usable ? sides : null;
}

function resolveOutputSize(layout: HoleLayout, sides: RequestedSides, subject: NormalizedSubject, problems: ProblemList): OutputSize {
  const fallback = defaultOutputSize(subject.type, layout);
  const { width, height } = sides;
  if (width && height) return { width: width.pixels, height: height.pixels };
  if (!width && !height) return fallback;
  // One dimension given: keep the subject's default aspect ratio.
  const derivedName = width ? 'height' : 'width';
  const derived = width
    ? Math.round(width.pixels * (fallback.height / fallback.width))
    : Math.round((height as RequestedSide).pixels * (fallback.width / fallback.height));
  const { min, max } = GRAPHIC_DIMENSION_RANGE;
  if (derived < min || derived > max) {
    problems.add(
      (width ?? height)!.parameter,
      'invalid-parameter',
      `the ${derivedName} derived from the default ${fallback.width}x${fallback.height} aspect ratio would be ${derived} pixels, outside ${min}..${max}; give both sides`,
    );
    return fallback;
  }
  return width ? { width: width.pixels, height: derived } : { width: derived, height: (height as RequestedSide).pixels };
}

function checkAnchors(request: NormalizedGraphicRequest, given: Map<string, GivenValue>, problems: ProblemList): void {
  const composition = request.composition;
  if (!composition) return;
  const allowed: readonly string[] = composition.layout === 'portrait' ? PORTRAIT_ANCHORS : LANDSCAPE_ANCHORS;
  for (const name of ['flagAnchor', 'teeAnchor'] as const) {
    const g = given.get(name);
    if (g && !allowed.includes(composition[name])) {
      problems.add(g.parameter, 'invalid-parameter', `${composition.layout} layout uses ${allowed.join(', ')}`);
    }
  }
}

function checkArea(
  request: NormalizedGraphicRequest,
  sizeParameters: string[],
  printSize: boolean,
  problems: ProblemList,
  label: (o: GraphicsOption) => string,
): void {
  const { width, height } = request.output;
  if (width * height <= GRAPHIC_MAX_AREA_PIXELS) return;
  problems.add(
    sizeParameters.join(', ') || label(graphicsOption('width')),
    'image-too-large',
    `${width}x${height} is ${width * height} pixels; the limit is ${GRAPHIC_MAX_AREA_PIXELS}${printSize ? ` (the print size at ${request.output.dpi} dpi); lower the size or the dpi` : ''}`,
  );
}

function checkPaddingFits(
  request: NormalizedGraphicRequest,
  given: Map<string, GivenValue>,
  problems: ProblemList,
  label: (o: GraphicsOption) => string,
): void {
  const { width, height } = request.output;
  const candidates: [string, ImagePadding | 'auto' | undefined][] = [
    ['padding', request.composition?.padding],
    ['coursePadding', request.courseComposition?.padding],
    ['greenPadding', request.greenComposition?.padding],
    ['profilePadding', request.style.profilePadding],
  ];
  for (const [name, padding] of candidates) {
    if (!padding || padding === 'auto') continue;
    const used = paddingPixels(padding, width, height);
    if (used.horizontal < width && used.vertical < height) continue;
    problems.add(
      given.get(name)?.parameter ?? label(graphicsOption(name)),
      'padding-too-large',
      `padding takes ${Math.round(used.horizontal)}x${Math.round(used.vertical)} pixels of a ${width}x${height} image`,
    );
  }
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
}
