/** Header bands, footers and notices shared by every page kind. */
import { font } from '@caddie/renderer';
import type { RectIn } from '../compile/page-layout';
import { printsPlayFurniture } from '../templates/template-catalog';
import { pt, type PageContext, type PageScene } from './page-context';

export const INK = '#1d2621';
export const MUTED_INK = '#5b645e';
export const RULE_INK = '#9aa39c';
/** the band colour of headers; bleeds off the top edge */
export const BAND = '#1f4d3a';

/** fills around a haloed label: enough for a ring with no gaps at label sizes */
const HALO_STEPS = 8;

export function text(
  ctx: PageContext,
  value: string,
  x: number,
  y: number,
  sizePt: number,
  options: {
    weight?: 'normal' | 'bold';
    color?: string;
    align?: 'left' | 'center' | 'right';
    family?: 'sans' | 'condensed' | 'mono';
    maxWidth?: number;
    halo?: boolean;
  } = {},
): void {
  ctx.font = font(options.family ?? 'sans', sizePt, options.weight ?? 'normal');
  ctx.fillStyle = options.color ?? INK;
  ctx.textAlign = options.align ?? 'left';
  ctx.textBaseline = 'alphabetic';
  if (options.halo) {
    // a white ring of fills keeps small type readable over artwork and grid lines; stroked text
    // would become a Type 3 font in the PDF, which RIPs and preflight reject
    const fill = ctx.fillStyle;
    ctx.fillStyle = '#ffffff';
    const r = sizePt * 0.13;
    for (let i = 0; i < HALO_STEPS; i++) {
      const a = (i / HALO_STEPS) * Math.PI * 2;
      const [hx, hy] = [x + r * Math.cos(a), y + r * Math.sin(a)];
      if (options.maxWidth !== undefined) ctx.fillText(value, hx, hy, options.maxWidth);
      else ctx.fillText(value, hx, hy);
    }
    ctx.fillStyle = fill;
  }
  if (options.maxWidth !== undefined) ctx.fillText(value, x, y, options.maxWidth);
  else ctx.fillText(value, x, y);
}

export function textWidth(
  ctx: PageContext,
  value: string,
  sizePt: number,
  weight: 'normal' | 'bold' = 'normal',
  family: 'sans' | 'condensed' | 'mono' = 'sans',
): number {
  ctx.font = font(family, sizePt, weight);
  return ctx.measureText(value).width;
}

/** White paper over the whole bleed area. */
export function paintPaper(ctx: PageContext, scene: PageScene): void {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(-scene.bleed, -scene.bleed, scene.width + 2 * scene.bleed, scene.height + 2 * scene.bleed);
}

/** A coloured band from the top bleed down to the bottom of the header frame, with a title. */
export function paintHeaderBand(ctx: PageContext, scene: PageScene, header: RectIn, title: string, subtitle: string | null): void {
  const bottom = pt(header.y + header.height);
  ctx.fillStyle = BAND;
  ctx.fillRect(-scene.bleed, -scene.bleed, scene.width + 2 * scene.bleed, bottom + scene.bleed);
  // 22 pt on book pages, growing with large sheets
  const size = Math.min(22 * Math.max(1, scene.width / 612) ** 1.4, pt(header.height) * 0.42);
  text(ctx, title, pt(header.x), pt(header.y) + size * 1.05, size, { weight: 'bold', color: '#ffffff' });
  if (subtitle) text(ctx, subtitle, pt(header.x), bottom - size * 0.35, size * 0.45, { color: '#d8e6dc' });
}

/**
 * Footer: the page number (not on a cover), the attribution of the geometry, the Rule 4.3 notice
 * when the page would not conform and the printable was asked for with rules "none", and on the
 * last page of a book the imprint (template and course revision) that identifies the edition.
 */
export function paintFooter(ctx: PageContext, scene: PageScene, footer: RectIn, showsGeometry: boolean): void {
  const size = Math.max(5, Math.min(9, pt(footer.height) * 0.62));
  const baseline = pt(footer.y + footer.height) - size * 0.2;
  const left = pt(footer.x);
  const right = pt(footer.x + footer.width);
  const furniture = printsPlayFurniture(scene.manifest.template, scene.manifest.options);
  const pageLabel = scene.page.kind === 'cover' || !furniture ? '' : String(scene.page.index + 1);
  if (pageLabel) text(ctx, pageLabel, right, baseline, size, { align: 'right', color: MUTED_INK });
  const credits = showsGeometry ? scene.manifest.attribution.join(' · ') : '';
  if (credits) text(ctx, credits, left, baseline, size * 0.85, { color: MUTED_INK, maxWidth: right - left - textWidth(ctx, pageLabel, size) - 6 });
  let above = baseline - size * 1.3;
  const report = scene.page.rule43;
  if (furniture && scene.manifest.rules === 'none' && report && !report.compliant) {
    text(ctx, 'Printed without Rule 4.3 limits: not for use during a round', left, above, size * 0.9, {
      weight: 'bold',
      color: '#a3261b',
      maxWidth: right - left,
    });
    above -= size * 1.3;
  }
  const pages = scene.manifest.pages;
  if (pages.length > 1 && scene.page.index === pages.length - 1) {
    text(ctx, `Imprint: ${scene.manifest.template} · course revision ${scene.manifest.courseRevision.slice(7, 19)}`, left, above, 5.5, {
      color: MUTED_INK,
      maxWidth: right - left,
    });
  }
}

/** A plain statement that data is missing, centred in a frame, with a thin outline. */
export function paintMissingNotice(ctx: PageContext, frame: RectIn, lines: string[]): void {
  ctx.strokeStyle = RULE_INK;
  ctx.lineWidth = 0.75;
  ctx.setLineDash([3, 3]);
  ctx.strokeRect(pt(frame.x), pt(frame.y), pt(frame.width), pt(frame.height));
  ctx.setLineDash([]);
  const cx = pt(frame.x + frame.width / 2);
  let y = pt(frame.y + frame.height / 2) - (lines.length - 1) * 7;
  lines.forEach((line, i) => {
    text(ctx, line, cx, y, i === 0 ? 10 : 8, {
      align: 'center',
      weight: i === 0 ? 'bold' : 'normal',
      color: i === 0 ? INK : MUTED_INK,
      maxWidth: pt(frame.width) - 8,
    });
    y += 14;
  });
}
