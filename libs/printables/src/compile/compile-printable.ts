/**
 * A request and a course into the manifest: which pages the printable has, what each holds and
 * lacks, and the Rule 4.3 report. Pure and fast (geometry only, nothing rendered).
 */
import type { Course, Hole } from '@caddie/catalog';
import { findDesign } from '@caddie/fiducials';
import { findTemplate, type TemplateDefinition } from '../templates/template-catalog';
import { BLEED_IN, PAGE_SIZES, RULE_43_MIN_SCALE_DENOMINATOR, type PageSizeName } from '../templates/page-sizes';
import { bookPageFrames, GREEN_PAGE_TABLE_IN, holePageFrames, NUMBERS_ON_ART, pinSheetGrid } from './page-layout';
import { chooseGreenScale, greenOutline } from './green-framing';
import { PrintableDataMissingError, PrintableRequestError, PrintableRuleViolationError, PrintableUnrenderableError } from './printable-errors';
import { rasterProblems } from './raster-plan';
import { PRINTABLE_MANIFEST_SCHEMA, type ManifestPage, type PrintableManifest } from './printable-manifest';
import type { PrintableRequest } from './printable-request';
import { formatInches, judgePage } from './rule-43';
import { holeArtScaleBound, pinCellFrame } from './scale-bounds';
import { courseAttribution } from './attribution';

export const SCORECARD_DESIGNS = ['M18F', 'M18B', 'M9H1'] as const;

interface PlanContext {
  course: Course;
  template: TemplateDefinition;
  options: Record<string, unknown>;
  widthIn: number;
  heightIn: number;
  warnings: string[];
}

export function compilePrintable(course: Course, courseRevision: string, request: PrintableRequest): PrintableManifest {
  const template = findTemplate(request.template);
  if (!template) {
    throw new PrintableRequestError('printable-template-not-found', 404, `there is no template ${request.template}`, [
      { parameter: 'template', code: 'printable-template-not-found', detail: `${request.template} is not published` },
    ]);
  }
  const options = request.options;
  const size = String(options.pageSize ?? template.pageSizes[0]) as PageSizeName;
  const { widthIn, heightIn } = PAGE_SIZES[size];
  const context: PlanContext = { course, template, options, widthIn, heightIn, warnings: [] };
  const pages = planPages(context).map((page, index) => ({ ...page, index }));
  const rules = options.rules === 'rule-4.3' ? 'rule-4.3' : 'none';

  const reports = pages.map((page) => {
    const w = page.trimIn?.width ?? widthIn;
    const h = page.trimIn?.height ?? heightIn;
    page.rule43 = judgePage(page, w, h);
    return { index: page.index, pageSize: formatInches(w, h), ...page.rule43 };
  });
  const compliant = reports.every((r) => r.compliant);
  const requested =
    typeof options.greenScale === 'number' && options.greenScale < RULE_43_MIN_SCALE_DENOMINATOR
      ? [`greenScale 1:${options.greenScale} is larger than 1:${RULE_43_MIN_SCALE_DENOMINATOR}`]
      : [];
  if (rules === 'rule-4.3' && (!compliant || requested.length > 0)) {
    const reasons = [...new Set([...requested, ...reports.flatMap((r) => r.reasons)])];
    throw new PrintableRuleViolationError(`Rule 4.3: ${reasons.join('; ')} (use rules "none" for a book not meant for play)`, reasons);
  }
  const unrenderable = rasterProblems(course, pages, widthIn, heightIn, Number(options.dpi));
  if (unrenderable.length > 0) throw new PrintableUnrenderableError(`These options cannot be rendered: ${unrenderable.join('; ')}`, unrenderable);
  return {
    schema: PRINTABLE_MANIFEST_SCHEMA,
    template: template.id,
    options,
    courseId: course.id,
    courseRevision,
    courseName: course.name,
    page: { size, widthIn, heightIn, bleedIn: options.bleed === false ? 0 : BLEED_IN, dpi: Number(options.dpi ?? 300) },
    pages,
    rules,
    compliance: { compliant, pages: reports },
    missingData: [...new Set(pages.flatMap((p) => p.missing))],
    warnings: context.warnings,
    attribution: courseAttribution(course),
  };
}

type PlannedPage = Omit<ManifestPage, 'index'>;

function planPages(context: PlanContext): PlannedPage[] {
  switch (context.template.family) {
    case 'yardage-book':
      return planYardageBook(context);
    case 'green-book':
      return planGreenBook(context);
    case 'hole-sheet':
      return [planHoleSheet(context)];
    case 'pin-sheet':
      return planPinSheet(context);
    case 'scorecard':
      return planScorecards(context);
    case 'course-poster':
      return [planPoster(context)];
    default:
      throw new Error(`no page plan for ${context.template.id}`);
  }
}

function requireHoles(course: Course): Hole[] {
  if (course.holes.length === 0) throw new PrintableDataMissingError('printable-holes-missing', `course ${course.id} has no holes`);
  return [...course.holes].sort((a, b) => a.number - b.number);
}

function planYardageBook(context: PlanContext): PlannedPage[] {
  const holes = requireHoles(context.course);
  const pages: PlannedPage[] = [
    { kind: 'cover', title: context.course.name, holds: ['course-name', 'location', 'tee-sets'], missing: [] },
    overviewPage(context),
  ];
  for (const hole of holes) {
    pages.push(holePage(context, hole));
    pages.push(greenPage(context, hole));
  }
  const notes = Number(context.options.notesPages ?? 0);
  for (let i = 0; i < notes; i++) pages.push({ kind: 'notes', title: `Notes ${i + 1}`, holds: ['ruled-lines'], missing: [] });
  if (context.template.version >= 3)
    pages.push({ kind: 'back-cover', title: 'Back cover', holds: ['legend', 'course-facts', 'attribution', 'imprint'], missing: [] });
  return pages;
}

function planGreenBook(context: PlanContext): PlannedPage[] {
  const holes = requireHoles(context.course);
  if (!holes.some((h) => greenOutline(context.course, h))) {
    throw new PrintableDataMissingError('printable-greens-missing', `course ${context.course.id} has no mapped green polygon`);
  }
  const greens = holes.map((hole) => greenPage(context, hole));
  if (context.template.version < 3) return greens;
  // from version 3 a green book is a book: a cover (not "Green 1"), the key to its marks, the greens, a notes page
  return [
    { kind: 'cover', title: context.course.name, holds: ['course-name', 'location', 'tee-sets'], missing: [] },
    { kind: 'legend', title: 'Key', holds: greens.some((g) => g.holds.includes('slopes')) ? ['marks', 'grid', 'slope-key'] : ['marks', 'grid'], missing: [] },
    ...greens,
    { kind: 'notes', title: 'Notes', holds: ['ruled-lines'], missing: [] },
  ];
}

function overviewPage(context: PlanContext): PlannedPage {
  const drawable = context.course.features.some((f) => f.properties.layer !== 'course-boundary');
  return {
    kind: 'course-overview',
    title: 'Course overview',
    holds: drawable ? ['course-map', 'hole-numbers'] : [],
    missing: drawable ? [] : ['course.geometry'],
    greenScaleDenominator: drawable ? holeArtScaleBound(context.course, null, bookPageFrames(context.widthIn, context.heightIn, 0).art) : undefined,
  };
}

/** What a hole page shows and which of it the course lacks (the page prints a dash and says so). */
function holeFacts(course: Course, hole: Hole, template: TemplateDefinition): { holds: string[]; missing: string[] } {
  const holds = ['hole-number'];
  const missing: string[] = [];
  const tag = `hole-${hole.number}`;
  const check = (present: boolean, what: string) => (present ? holds.push(what) : missing.push(`${tag}.${what}`));
  check(hole.par !== null, 'par');
  check(hole.handicap !== null || Object.keys(hole.handicapsByTeeSet).length > 0, 'handicap');
  check(
    hole.tees.some((t) => t.yards !== null),
    'tee-lengths',
  );
  check(hole.centerline.length >= 2, 'centerline');
  check(findGreenFeatureId(course, hole), 'green');
  if (hole.centerline.length >= 2) holds.push('hole-art', 'carries', 'lay-up-distances');
  // version 3 draws the hole at the frame's height with the numbers beside what they measure
  if (hole.centerline.length >= 2 && template.version >= 3) holds.push(NUMBERS_ON_ART);
  return { holds, missing };
}

function findGreenFeatureId(course: Course, hole: Hole): boolean {
  return greenOutline(course, hole) !== null;
}

function holePage(context: PlanContext, hole: Hole): PlannedPage {
  const { holds, missing } = holeFacts(context.course, hole, context.template);
  const frames = holePageFrames(context.widthIn, context.heightIn, holds.includes(NUMBERS_ON_ART));
  return {
    kind: 'hole',
    title: `Hole ${hole.number}`,
    holeNumber: hole.number,
    holds,
    missing,
    greenScaleDenominator: hole.centerline.length >= 2 ? holeArtScaleBound(context.course, hole, frames.art) : undefined,
  };
}

function greenPage(context: PlanContext, hole: Hole): PlannedPage {
  const tag = `hole-${hole.number}`;
  const outline = greenOutline(context.course, hole);
  const title = `Green ${hole.number}`;
  if (!outline) return { kind: 'green', title, holeNumber: hole.number, holds: [], missing: [`${tag}.green`] };
  const frames = bookPageFrames(context.widthIn, context.heightIn, GREEN_PAGE_TABLE_IN);
  const largest = Number(context.options.greenScale ?? 480);
  const denominator = chooseGreenScale(outline, frames.art.width, frames.art.height, largest);
  if (denominator === null) {
    context.warnings.push(`hole ${hole.number}: the green does not fit the page at any standard scale; its page says so`);
    return { kind: 'green', title, holeNumber: hole.number, holds: [], missing: [`${tag}.green-fits-page`] };
  }
  if (denominator !== largest) context.warnings.push(`hole ${hole.number}: green drawn at 1:${denominator} to fit the page`);
  const holds = ['green-outline', 'green-depth-width', 'front-centre-back', 'scale-bar'];
  const missing: string[] = [];
  // Pencil draws no elevation data (graphics rule 2); colored-pencil draws slope arrows like the graphics API (from version 3)
  const style = context.options.style ?? 'traditional';
  if (!context.course.elevation.greens[String(hole.number)]) missing.push(`${tag}.green-elevation`);
  else if (style === 'traditional' || (style === 'colored-pencil' && context.template.version >= 3)) holds.push('slopes');
  return { kind: 'green', title, holeNumber: hole.number, holds, missing, greenScaleDenominator: denominator };
}

function planHoleSheet(context: PlanContext): PlannedPage {
  const number = Number(context.options.hole ?? 1);
  const hole = context.course.holes.find((h) => h.number === number);
  if (!hole) throw new PrintableDataMissingError('printable-hole-missing', `course ${context.course.id} has no hole ${number}`);
  if (hole.centerline.length < 2) throw new PrintableDataMissingError('printable-hole-geometry-missing', `hole ${number} has no play line to draw`);
  const { holds, missing } = holeFacts(context.course, hole, context.template);
  return {
    kind: 'hole-sheet',
    title: `Hole ${number}`,
    holeNumber: number,
    holds,
    missing,
    greenScaleDenominator: holeArtScaleBound(context.course, hole, { width: context.widthIn * 0.62, height: context.heightIn * 0.8 }),
  };
}

function planPinSheet(context: PlanContext): PlannedPage[] {
  const holes = requireHoles(context.course);
  const outlines = holes.map((hole) => ({ hole, outline: greenOutline(context.course, hole) }));
  if (!outlines.some((o) => o.outline)) {
    throw new PrintableDataMissingError('printable-greens-missing', `course ${context.course.id} has no mapped green polygon`);
  }
  const grid = pinSheetGrid(context.widthIn, context.heightIn);
  const perPage = grid.columns * grid.rows;
  const cell = pinCellFrame(context.widthIn, context.heightIn);
  const largest = Number(context.options.greenScale ?? 480);
  const scaleOf = (group: typeof outlines) => {
    let denominator = largest;
    for (const { hole, outline } of group) {
      if (!outline) continue;
      const fit = chooseGreenScale(outline, cell.width, cell.height, largest);
      if (fit === null) context.warnings.push(`hole ${hole.number}: the green does not fit its cell at any standard scale`);
      else denominator = Math.max(denominator, fit);
    }
    return denominator;
  };
  // a large sheet keeps one scale, so its greens compare at a glance; a pocket page holds one green at its own largest scale
  const sheetScale = perPage > 1 ? scaleOf(outlines) : null;
  const showPins = showsMappedPin(context.template.id, context.options);
  const pages: PlannedPage[] = [];
  for (let start = 0; start < holes.length; start += perPage) {
    const group = outlines.slice(start, start + perPage);
    const numbers = group.map((g) => g.hole.number);
    pages.push({
      kind: 'pin-sheet',
      title: numbers.length > 1 ? `Hole locations ${numbers[0]}–${numbers[numbers.length - 1]}` : `Hole location ${numbers[0]}`,
      holeNumbers: numbers,
      holds: ['green-outlines', 'pace-grid', 'pin-fields', ...(showPins && group.some((g) => g.hole.pin) ? ['mapped-pins'] : [])],
      missing: group.filter((g) => !g.outline).map((g) => `hole-${g.hole.number}.green`),
      greenScaleDenominator: sheetScale ?? scaleOf(group),
    });
  }
  return pages;
}

/** pin-sheet@1 marks the mapped pin as published; later versions only when asked (`mappedPin`). */
export function showsMappedPin(templateId: string, options: Record<string, unknown>): boolean {
  return templateId === 'pin-sheet@1' || options.mappedPin === true;
}

function planScorecards(context: PlanContext): PlannedPage[] {
  const holes = requireHoles(context.course);
  const chosen = context.options.design === 'all' || context.options.design === undefined ? [...SCORECARD_DESIGNS] : [String(context.options.design)];
  const pages: PlannedPage[] = [];
  for (const code of chosen) {
    const design = findDesign(code);
    if (!design) throw new PrintableDataMissingError('printable-design-missing', `scorecard design ${code} is not in the catalog`);
    const capture = design.captures['single-page'];
    const first = code === 'M18B' ? 10 : 1;
    const needed = 9;
    const present = holes.filter((h) => h.number >= first && h.number < first + needed);
    if (present.length === 0) {
      if (context.options.design === code)
        throw new PrintableDataMissingError(
          'printable-holes-missing',
          `design ${code} prints holes ${first}–${first + needed - 1}; the course has none of them`,
        );
      context.warnings.push(`design ${code} left out: the course has no holes ${first}–${first + needed - 1}`);
      continue;
    }
    const missing = present.flatMap((h) => [
      ...(h.par === null ? [`hole-${h.number}.par`] : []),
      ...(h.handicap === null ? [`hole-${h.number}.handicap`] : []),
    ]);
    pages.push({
      kind: 'scorecard',
      title: `Scorecard ${code}`,
      design: code,
      trimIn: { width: capture.widthMm / 25.4, height: capture.heightMm / 25.4 },
      holds: ['markers', 'printed-identity', 'pars', 'tee-yardages', 'handicaps'],
      missing,
    });
  }
  return pages;
}

function planPoster(context: PlanContext): PlannedPage {
  const drawable = context.course.features.some((f) => f.properties.layer !== 'course-boundary');
  if (!drawable) throw new PrintableDataMissingError('printable-geometry-missing', `course ${context.course.id} has no mapped geometry to draw`);
  return {
    kind: 'poster',
    title: context.course.name,
    holds: ['course-map', 'hole-numbers', 'hole-table'],
    missing: [],
    greenScaleDenominator: holeArtScaleBound(context.course, null, { width: context.widthIn, height: context.heightIn }),
  };
}
