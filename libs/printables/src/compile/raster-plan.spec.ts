import { GRAPHIC_DIMENSION_RANGE } from '@caddie/styles';
import { templateDefinitions, type TemplateDefinition } from '../templates/template-catalog';
import type { TemplateOption } from '../templates/template-option';
import { renderPrintablePage } from '../render/render-printable-page';
import { demoCourse } from '../testing/demo-course.fixture';
import { compilePrintable } from './compile-printable';
import { parsePrintableRequest } from './printable-request';
import { PrintableDataMissingError, PrintableRuleViolationError, PrintableUnrenderableError } from './printable-errors';
import type { PrintableManifest } from './printable-manifest';

/** Options that decide which rasters a page has and how large (the rest only change what is drawn). */
const GEOMETRY_OPTIONS = new Set(['pageSize', 'rules', 'greenScale', 'hole', 'design']);

/** Every value of the geometry options (integers: their bounds and default). */
function values(option: TemplateOption): unknown[] {
  if (option.type.kind === 'enum') return [...option.type.values];
  if (option.type.kind === 'boolean') return [true, false];
  return [...new Set([option.type.min, option.default, option.type.max])];
}

function combinations(template: TemplateDefinition): Record<string, unknown>[] {
  let combos: Record<string, unknown>[] = [{}];
  for (const option of template.options.filter((o) => GEOMETRY_OPTIONS.has(o.name))) {
    combos = combos.flatMap((combo) => values(option).map((value) => ({ ...combo, [option.name]: value })));
  }
  return combos;
}

type Outcome = { manifest: PrintableManifest } | { refused: Error };
const { course, revision } = demoCourse('demo-pine-hollow');
function compileWith(template: string, options: Record<string, unknown>): Outcome {
  try {
    return { manifest: compilePrintable(course, revision, parsePrintableRequest(template, options)) };
  } catch (error) {
    return { refused: error as Error };
  }
}

const dpiOption = (template: TemplateDefinition) => template.options.find((o) => o.name === 'dpi')!.type as { min: number; max: number };

describe('raster plan: every option combination is refused at compile or renders', () => {
  it.each(templateDefinitions().map((t) => [t.id, t] as const))(
    '%s',
    async (_id, template) => {
      const { min, max } = dpiOption(template);
      let rendered = 0;
      for (const combo of combinations(template)) {
        // the lowest dpi compile accepts for this combination: every page kind must render there,
        // and one dpi lower must have been refused as unrenderable (not as anything else)
        let lowest: PrintableManifest | undefined;
        for (let dpi = min; dpi <= max && !lowest; dpi++) {
          const outcome = compileWith(template.id, { ...combo, dpi });
          if ('manifest' in outcome) lowest = outcome.manifest;
          else if (outcome.refused instanceof PrintableRuleViolationError || outcome.refused instanceof PrintableDataMissingError) break;
          else expect(outcome.refused).toBeInstanceOf(PrintableUnrenderableError);
        }
        // the highest dpi: accepted, or refused with one of the declared errors (the page raster bound among them)
        const highest = compileWith(template.id, { ...combo, dpi: max });
        if ('refused' in highest)
          expect([PrintableUnrenderableError, PrintableRuleViolationError, PrintableDataMissingError].some((type) => highest.refused instanceof type)).toBe(
            true,
          );
        if (!lowest) continue;
        const firstOfKind = [...new Map(lowest.pages.map((page) => [page.kind, page.index])).values()];
        for (const index of firstOfKind) {
          const page = await renderPrintablePage(course, lowest, index);
          expect(page.png.length).toBeGreaterThan(0);
          rendered++;
        }
      }
      expect(rendered).toBeGreaterThan(0);
    },
    600_000,
  );

  it('refuses a hole sheet at 72 dpi (hole artwork under the renderer minimum) and names the dpi that works', () => {
    const outcome = compileWith('hole-sheet@1', { dpi: 72 });
    expect('refused' in outcome && outcome.refused).toBeInstanceOf(PrintableUnrenderableError);
    const error = (outcome as { refused: PrintableUnrenderableError }).refused;
    expect(error.code).toBe('printable-options-unrenderable');
    expect(error.reasons.join(' ')).toContain(`below the renderer's ${GRAPHIC_DIMENSION_RANGE.min} px; use dpi 73 or more`);
    expect('manifest' in compileWith('hole-sheet@1', { dpi: 73 })).toBe(true);
  });

  it('refuses a 24 x 36 in poster at 600 dpi (a 311 Mpx page) and accepts it at 300 dpi', () => {
    const refused = compileWith('course-poster@1', { pageSize: 'poster-24x36', dpi: 600 });
    expect((refused as { refused: PrintableUnrenderableError }).refused.reasons.join(' ')).toMatch(/311\.0 Mpx, above the 80 Mpx/);
    expect('manifest' in compileWith('course-poster@1', { pageSize: 'poster-24x36', dpi: 300 })).toBe(true);
  });
});
