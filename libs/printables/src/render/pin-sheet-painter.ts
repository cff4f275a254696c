/**
 * A hole-location sheet: every green at one scale, a pace grid inside each green (lines every 5
 * paces on from the front edge, measured along the approach as the yardage book measures depth,
 * and every 5 paces across from the left edge), the mapped pin when the template asks for it,
 * and fields for the day's positions.
 */
import { yardsToMeters } from '@caddie/geometry';
import { greenOutline, METERS_PER_INCH, type GreenOutline } from '../compile/green-framing';
import { pinSheetGrid, sheetFrames, type RectIn } from '../compile/page-layout';
import { PIN_CELL_LABEL_IN, pinSheetBody } from '../compile/scale-bounds';
import { pinPaces } from '../yardages/pin-paces';
import { greenMeasurementOf } from '../yardages/hole-yardages';
import { showsMappedPin } from '../compile/compile-printable';
import { pt, type PageContext, type PagePainter, type PageScene } from './page-context';
import { BAND, INK, MUTED_INK, RULE_INK, paintFooter, paintHeaderBand, paintMissingNotice, paintPaper, text } from './page-furniture';
import { paintScaleBar } from './green-page-painter';

const PACE_METERS = yardsToMeters(1);

export function preparePinSheet(scene: PageScene): PagePainter {
  const widthIn = scene.width / 72;
  const heightIn = scene.height / 72;
  const large = widthIn >= 8;
  const frames = large
    ? sheetFrames(widthIn, heightIn, 0)
    : { header: { x: 0.22, y: 0.22, width: widthIn - 0.44, height: 0.42 }, footer: { x: 0.22, y: heightIn - 0.38, width: widthIn - 0.44, height: 0.16 } };
  const body = pinSheetBody(widthIn, heightIn);
  const grid = pinSheetGrid(widthIn, heightIn);
  const denominator = scene.page.greenScaleDenominator ?? 480;
  const pointsPerMeter = 72 / (METERS_PER_INCH * denominator);
  const numbers = scene.page.holeNumbers ?? [];
  const showPin = showsMappedPin(scene.manifest.template, scene.manifest.options);
  return (ctx) => {
    paintPaper(ctx, scene);
    paintHeaderBand(ctx, scene, frames.header, large ? 'Hole locations' : scene.page.title, large ? `${scene.manifest.courseName} · Date ____________` : null);
    numbers.forEach((number, i) => {
      const cell: RectIn = {
        x: body.x + (i % grid.columns) * (body.width / grid.columns),
        y: body.y + Math.floor(i / grid.columns) * (body.height / grid.rows),
        width: body.width / grid.columns,
        height: body.height / grid.rows,
      };
      const hole = scene.course.holes.find((h) => h.number === number);
      const outline = hole ? greenOutline(scene.course, hole) : null;
      const measurement = hole ? greenMeasurementOf(scene.course, hole) : null;
      // the front edge where the approach line crosses it, as on the book's green page
      const front =
        outline && measurement
          ? { y: outline.project(measurement.front)[1], depthYards: measurement.depthYards }
          : outline
            ? { y: outline.extent.bottom, depthYards: null }
            : null;
      paintCell(ctx, cell, number, hole?.par ?? null, outline, front, pointsPerMeter, showPin && hole?.pin ? hole.pin : null);
    });
    const barFrame = { x: frames.footer.x, y: body.y + body.height + 0.04, width: frames.footer.width, height: 0.2 };
    paintScaleBar(ctx, barFrame, denominator, 'yards');
    text(ctx, '1 pace = 1 yd', pt(frames.footer.x + frames.footer.width), pt(barFrame.y) + 8.5, 7, { align: 'right', color: MUTED_INK });
    paintFooter(ctx, scene, frames.footer, true);
  };
}

/** Where paces on are counted from: the page y (metres, down) of the front edge on the approach line, and the depth along it. */
interface FrontEdge {
  y: number;
  depthYards: number | null;
}

function paintCell(
  ctx: PageContext,
  cell: RectIn,
  number: number,
  par: number | null,
  outline: GreenOutline | null,
  front: FrontEdge | null,
  ppm: number,
  pin: [number, number] | null,
): void {
  const x = pt(cell.x);
  const y = pt(cell.y);
  const w = pt(cell.width);
  ctx.strokeStyle = RULE_INK;
  ctx.lineWidth = 0.4;
  ctx.strokeRect(x + 2, y + 2, w - 4, pt(cell.height) - 4);
  // hole badge and facts
  ctx.beginPath();
  ctx.arc(x + 14, y + 15, 9, 0, Math.PI * 2);
  ctx.fillStyle = BAND;
  ctx.fill();
  text(ctx, String(number), x + 14, y + 18.5, 10, { align: 'center', weight: 'bold', color: '#ffffff', family: 'condensed' });
  const depth = front?.depthYards != null ? Math.round(front.depthYards) : null;
  text(ctx, `Par ${par ?? '—'}${depth !== null ? ` · ${depth} paces deep` : ''}`, x + 28, y + 13, 7, { weight: 'bold' });
  text(ctx, 'Pin ____ on  ____ from  L / R', x + 28, y + 24, 7, { color: MUTED_INK });
  const frame: RectIn = { x: cell.x + 0.1, y: cell.y + PIN_CELL_LABEL_IN, width: cell.width - 0.2, height: cell.height - PIN_CELL_LABEL_IN - 0.12 };
  if (!outline) {
    paintMissingNotice(ctx, frame, ['Green not mapped', 'No green in the course data']);
    return;
  }
  const cx = pt(frame.x + frame.width / 2);
  const cy = pt(frame.y + frame.height / 2);
  const toPage = (p: [number, number]): [number, number] => [cx + p[0] * ppm, cy + p[1] * ppm];
  const traceGreen = () => {
    ctx.beginPath();
    for (const ring of outline.rings) {
      ring.forEach((p, i) => {
        const [px, py] = toPage(p);
        if (i === 0) ctx.moveTo(px, py);
        else ctx.lineTo(px, py);
      });
      ctx.closePath();
    }
  };
  traceGreen();
  ctx.fillStyle = '#e3f0da';
  ctx.fill();
  ctx.save();
  ctx.clip();
  paintPaceGrid(ctx, outline, front!.y, toPage);
  ctx.restore();
  traceGreen();
  ctx.strokeStyle = INK;
  ctx.lineWidth = 0.7;
  ctx.stroke();
  paintPaceLabels(ctx, outline, front!.y, toPage);
  if (pin) paintPin(ctx, outline, front!.y, toPage, pin);
}

/** Lines every 5 paces on from the front edge (and behind it where the green curls back) and across. */
function paintPaceGrid(ctx: PageContext, outline: GreenOutline, frontY: number, toPage: (p: [number, number]) => [number, number]): void {
  const e = outline.extent;
  const step = 5 * PACE_METERS;
  ctx.strokeStyle = '#8fb386';
  ctx.lineWidth = 0.35;
  ctx.beginPath();
  for (let k = Math.ceil((frontY - e.bottom) / step); frontY - k * step > -e.top; k++) {
    if (k === 0) continue;
    const [, py] = toPage([0, frontY - k * step]);
    ctx.moveTo(toPage([-e.left, 0])[0], py);
    ctx.lineTo(toPage([e.right, 0])[0], py);
  }
  for (let across = step; across < e.left + e.right; across += step) {
    const [px] = toPage([-e.left + across, 0]);
    ctx.moveTo(px, toPage([0, -e.top])[1]);
    ctx.lineTo(px, toPage([0, e.bottom])[1]);
  }
  ctx.stroke();
  // the front edge the paces count from: where the approach line enters the green
  ctx.strokeStyle = '#4f7f47';
  ctx.lineWidth = 0.6;
  ctx.beginPath();
  const [, fy] = toPage([0, frontY]);
  ctx.moveTo(toPage([-e.left, 0])[0], fy);
  ctx.lineTo(toPage([e.right, 0])[0], fy);
  ctx.stroke();
}

/** Paces on from the front, written left of the green; the front edge marked. */
function paintPaceLabels(ctx: PageContext, outline: GreenOutline, frontY: number, toPage: (p: [number, number]) => [number, number]): void {
  const e = outline.extent;
  const step = 5 * PACE_METERS;
  const [lx] = toPage([-e.left, 0]);
  for (let k = 1; frontY - k * step > -e.top; k++) {
    const [, py] = toPage([0, frontY - k * step]);
    text(ctx, String(k * 5), lx - 3, py + 2.5, 7, { align: 'right', color: MUTED_INK, family: 'condensed' });
  }
  const [, fy] = toPage([0, frontY]);
  text(ctx, 'front 0', lx - 3, fy + 2.5, 7, { align: 'right', color: MUTED_INK, family: 'condensed' });
}

function paintPin(ctx: PageContext, outline: GreenOutline, frontY: number, toPage: (p: [number, number]) => [number, number], pin: [number, number]): void {
  const local = outline.project(pin);
  const paces = pinPaces(outline, local, frontY);
  const [px, py] = toPage(local);
  ctx.beginPath();
  ctx.arc(px, py, 2.6, 0, Math.PI * 2);
  ctx.fillStyle = '#c62828';
  ctx.fill();
  if (paces)
    text(ctx, `mapped pin: ${paces.on} on · ${paces.fromSide} from ${paces.side}`, px + 5, py - 3, 7, { weight: 'bold', color: '#c62828', halo: true });
}
