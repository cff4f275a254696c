import type { Course, Hole } from '@caddie/catalog';
import type { HoleCellName, PageLayout, RectMm } from '../design-layout';
import type { CaptureDefinition } from '../design-catalog';
import { boxToMm, drawFittedText, fillRect, strokeRect, type CardContext } from './card-text';

const COLUMN_TITLES: Record<HoleCellName, string> = {
  hole: 'HOLE',
  score: 'SCORE',
  putts: 'PUTTS',
  teeFir: 'FAIRWAY',
  teeClub: 'TEE CLUB',
  approachGir: 'GIR',
  approachClub: 'APP CLUB',
  approachDistance: 'APP DIST',
};

const FIELD_TITLES: Record<string, string> = {
  date: 'Date',
  course: 'Course',
  teeBox: 'Tee box',
  startTime: 'Start time',
  playingPartners: 'Playing partners',
  outScore: 'Out',
  inScore: 'In',
  totalScore: 'Total',
  totalPutts: 'Total putts',
  penaltyStrokes: 'Penalty strokes',
  penaltyHoles: 'Penalty holes',
};

const AREA_TITLES: Record<string, string> = { roundDetails: 'ROUND DETAILS', roundSummary: 'ROUND SUMMARY', penalty: 'PENALTY' };

const GRID_LINE_MM = 0.25;
const OUTER_LINE_MM = 0.45;
const PRINTED_CELL_TINT = '#ececec';

/**
 * The score table exactly on the design's regions: a column header band, one row per hole
 * (hole number, par and stroke index printed; the other cells left blank for the player), the
 * totals row, and the M18 supplemental areas. Regions come from the capture geometry, so what
 * is printed is what the normalizer crops.
 */
export function paintScoreGrid(ctx: CardContext, capture: CaptureDefinition, layout: PageLayout, pageRect: RectMm, course: Course): void {
  const mm = (b: Parameters<typeof boxToMm>[0]) => boxToMm(b, capture.widthMm, capture.heightMm);
  const { holes, totals } = capture.regions;
  const byNumber = new Map(course.holes.map((h) => [h.number, h]));

  const headerTop = pageRect.y + layout.table.y;
  const headerHeight = layout.table.headerHeight;
  for (const name of Object.keys(COLUMN_TITLES) as HoleCellName[]) {
    const cell = mm(holes[0].cells[name]);
    const header: RectMm = { x: cell.x, y: headerTop, width: cell.width, height: headerHeight };
    fillRect(ctx, header, '#222');
    strokeRect(ctx, header, GRID_LINE_MM);
    drawFittedText(ctx, COLUMN_TITLES[name], header.x + header.width / 2, header.y + header.height / 2, header.width - 1, {
      family: 'condensed',
      sizeMm: Math.min(2.6, headerHeight * 0.45),
      weight: 'bold',
      align: 'center',
      color: '#fff',
    });
  }

  for (const region of holes) {
    for (const name of Object.keys(region.cells) as HoleCellName[]) strokeRect(ctx, mm(region.cells[name]), GRID_LINE_MM);
    paintHoleCell(ctx, mm(region.cells.hole), region.holeNumber, byNumber.get(region.holeNumber));
  }

  const totalsRect = mm(totals);
  let x = totalsRect.x;
  for (const name of Object.keys(holes[0].cells) as HoleCellName[]) {
    const width = mm(holes[0].cells[name]).width;
    strokeRect(ctx, { x, y: totalsRect.y, width, height: totalsRect.height }, GRID_LINE_MM);
    x += width;
  }
  const holeCell: RectMm = { ...totalsRect, width: mm(holes[0].cells.hole).width };
  fillRect(ctx, holeCell, PRINTED_CELL_TINT);
  strokeRect(ctx, holeCell, GRID_LINE_MM);
  const pars = holes.map((h) => byNumber.get(h.holeNumber)?.par ?? null);
  const parTotal = pars.every((p) => p !== null) ? pars.reduce((s: number, p) => s + (p as number), 0) : null;
  drawFittedText(ctx, capture.regions.panel === 'F9' ? 'OUT' : 'IN', holeCell.x + holeCell.width / 2, holeCell.y + holeCell.height * 0.38, holeCell.width - 1, {
    sizeMm: holeCell.height * 0.36,
    weight: 'bold',
    align: 'center',
  });
  if (parTotal !== null) {
    drawFittedText(ctx, `Par ${parTotal}`, holeCell.x + holeCell.width / 2, holeCell.y + holeCell.height * 0.78, holeCell.width - 1, {
      family: 'condensed',
      sizeMm: holeCell.height * 0.24,
      align: 'center',
    });
  }

  const tableTop = headerTop;
  const tableRect: RectMm = { x: totalsRect.x, y: tableTop, width: totalsRect.width, height: totalsRect.y + totalsRect.height - tableTop };
  strokeRect(ctx, tableRect, OUTER_LINE_MM);

  for (const [name, area] of Object.entries(capture.regions.supplemental)) paintSupplementalArea(ctx, name, area, mm);
}

function paintHoleCell(ctx: CardContext, cell: RectMm, holeNumber: number, hole: Hole | undefined): void {
  fillRect(ctx, cell, PRINTED_CELL_TINT);
  strokeRect(ctx, cell, GRID_LINE_MM);
  const numberWidth = cell.width * 0.45;
  drawFittedText(ctx, String(holeNumber), cell.x + numberWidth / 2 + 0.3, cell.y + cell.height / 2, numberWidth - 0.6, {
    sizeMm: cell.height * 0.55,
    weight: 'bold',
    align: 'center',
  });
  const infoX = cell.x + numberWidth + 0.3;
  const infoWidth = cell.width - numberWidth - 0.8;
  const small = { family: 'condensed' as const, sizeMm: cell.height * 0.27 };
  if (hole?.par != null) drawFittedText(ctx, `Par ${hole.par}`, infoX, cell.y + cell.height * 0.32, infoWidth, small);
  if (hole?.handicap != null) drawFittedText(ctx, `Hcp ${hole.handicap}`, infoX, cell.y + cell.height * 0.7, infoWidth, small);
}

function paintSupplementalArea(
  ctx: CardContext,
  name: string,
  area: CaptureDefinition['regions']['supplemental'][string],
  mm: (b: CaptureDefinition['regions']['totals']) => RectMm,
): void {
  const areaRect = mm(area.area);
  strokeRect(ctx, areaRect, OUTER_LINE_MM);
  for (const [fieldName, box] of Object.entries(area.fields)) {
    const field = mm(box);
    strokeRect(ctx, field, GRID_LINE_MM);
    drawFittedText(ctx, FIELD_TITLES[fieldName] ?? fieldName, field.x + 1, field.y + 1.6, field.width - 2, {
      family: 'condensed',
      sizeMm: 2,
      color: '#444',
    });
  }
  // The title sits on the label line of the first field, so it never leaves the area's box.
  const first = mm(Object.values(area.fields)[0]);
  drawFittedText(ctx, AREA_TITLES[name] ?? name.toUpperCase(), first.x + first.width - 1, first.y + 1.6, first.width * 0.45, {
    family: 'condensed',
    sizeMm: 2,
    weight: 'bold',
    align: 'right',
    color: '#222',
  });
}
