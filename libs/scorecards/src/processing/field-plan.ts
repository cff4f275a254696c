import { processorFor, type Box, type CaptureDefinition, type GreyImage } from '@caddie/fiducials';
import type { CellImage, CellRaster } from '@caddie/handwriting';
import { normalizeCellContrast } from './cell-contrast';
import { borderProfile, borderVisibility, typicalLineDepth, type BorderSide, type CropBorder } from './cell-visibility';
import { PUTTS_PRIOR } from './value-priors';

/** A number written with digits, or free text. */
export type FieldContent = 'digits' | 'text';

/** One field the pipeline reads: where it is and what a valid value looks like. */
export interface FieldSpec {
  /** `hole-3.score`, `totals.putts`, `roundSummary.totalScore`: the provider's cell id. */
  id: string;
  /** `hole-3`, `totals`, `roundDetails`, `roundSummary`, `penalty`. */
  row: string;
  field: string;
  content: FieldContent;
  /** Digit fields: most digits a valid value has, and its inclusive range. */
  maxDigits?: number;
  range?: { min: number; max: number };
  /**
   * Digit fields whose values are far from equally common: how often a player writes each value
   * (index = value, summing to 1 over the range), weighed with the reading (value-priors.ts).
   */
  prior?: readonly number[];
  /** Hole rows only. */
  holeNumber?: number;
  /** The writing area, normalized to the canonical capture image. */
  box: Box;
}

export interface FieldPlan {
  /** The production processor, `M18B/back-nine-page`. */
  processor: string;
  fields: FieldSpec[];
}

export type ValueRule = Pick<FieldSpec, 'content' | 'maxDigits' | 'range' | 'prior'>;

const digits = (maxDigits: number, min: number, max: number): ValueRule => ({ content: 'digits', maxDigits, range: { min, max } });
const TEXT: ValueRule = { content: 'text' };

/**
 * The least value of a sum (totals row, Round Summary; a round's score twice it): a single digit
 * in a sum field is far more often a misread (the reader dropping a digit of a touching pair,
 * 41 read as 4 at near certainty) than a nine played or putted in under ten, and a range is a
 * prior, not evidence, so such a cell goes to review.
 */
const SUM_MIN = 10;

/**
 * Field-valid values. A hole takes 1..20 strokes (a blow-up hole is written down, beyond that
 * the cell is misread) and 0..9 putts, mostly one to three (PUTTS_PRIOR); nine-hole sums follow
 * from those (from SUM_MIN); a round is two nines.
 */
export const HOLE_FIELDS: Record<'score' | 'putts', ValueRule> = { score: digits(2, 1, 20), putts: { ...digits(1, 0, 9), prior: PUTTS_PRIOR } };
export const TOTALS_FIELDS: Record<'score' | 'putts', ValueRule> = { score: digits(3, SUM_MIN, 180), putts: digits(2, SUM_MIN, 81) };

/** The M18 supplemental areas the processors transcribe, field by field, in reading order. */
const SUPPLEMENTAL_FIELDS: Record<string, Record<string, ValueRule>> = {
  roundDetails: { date: TEXT, course: TEXT, teeBox: TEXT, startTime: TEXT, playingPartners: TEXT },
  roundSummary: {
    outScore: digits(3, SUM_MIN, 180),
    inScore: digits(3, SUM_MIN, 180),
    totalScore: digits(3, 2 * SUM_MIN, 360),
    totalPutts: digits(3, SUM_MIN, 162),
  },
  penalty: { penaltyStrokes: digits(2, 0, 99), penaltyHoles: TEXT },
};

/**
 * Supplemental fields print a caption on their top line (the grid painter's 2 mm label at
 * 1.6 mm): the writing area starts below it, so printed words never reach the reader.
 */
export const FIELD_CAPTION_MM = 4;
/** Crop margin as a fraction of the writing area's height (the CellImage contract)... */
export const CELL_MARGIN_FRACTION = 0.12;
/** ...but never more than this, so a tall field's crop does not climb back into its caption. */
const MAX_CELL_MARGIN_MM = 1.2;

/**
 * The fields a production processor reads, in response order: per hole score and putts, the
 * totals row's score and putts (same columns as the holes, on the totals row), then the
 * design's supplemental areas. Undefined for a capture that is not a production processor.
 */
export function fieldPlan(capture: CaptureDefinition): FieldPlan | undefined {
  const processor = processorFor(capture.designCode);
  if (processor !== capture.captureId) return undefined;
  const { holes, totals, supplemental } = capture.regions;
  const fields: FieldSpec[] = [];
  const add = (row: string, field: string, rule: ValueRule, box: Box, holeNumber?: number) =>
    fields.push({ id: `${row}.${field}`, row, field, ...rule, box, ...(holeNumber === undefined ? {} : { holeNumber }) });
  for (const hole of holes) {
    for (const name of ['score', 'putts'] as const) add(`hole-${hole.holeNumber}`, name, HOLE_FIELDS[name], hole.cells[name], hole.holeNumber);
  }
  for (const name of ['score', 'putts'] as const) {
    const column = holes[0].cells[name];
    add('totals', name, TOTALS_FIELDS[name], { x1: column.x1, x2: column.x2, y1: totals.y1, y2: totals.y2 });
  }
  for (const [area, rules] of Object.entries(SUPPLEMENTAL_FIELDS)) {
    const region = supplemental[area];
    if (!region) continue;
    for (const [name, rule] of Object.entries(rules)) {
      const box = region.fields[name];
      if (!box) throw new Error(`${capture.captureId}: supplemental field ${area}.${name} has no geometry`);
      add(area, name, rule, { ...box, y1: Math.min(box.y2, box.y1 + FIELD_CAPTION_MM / capture.heightMm) });
    }
  }
  return { processor, fields };
}

/** A field's crop and where its box's edges lie in it (pixels). */
interface FieldCrop {
  raster: CellRaster;
  border: CropBorder;
}

/**
 * Copies a field's writing area out of the canonical image (8 px/mm, no resampling) with a
 * margin on every side, so the printed cell border lies inside the crop and ink crossing it
 * is kept. Clamped to the image.
 */
export function cropField(canonical: GreyImage, box: Box, pixelsPerMm: number): CellRaster {
  return fieldCrop(canonical, box, pixelsPerMm).raster;
}

function fieldCrop(canonical: GreyImage, box: Box, pixelsPerMm: number): FieldCrop {
  const { width, height } = canonical;
  const heightPx = (box.y2 - box.y1) * height;
  const margin = Math.min(CELL_MARGIN_FRACTION * heightPx, MAX_CELL_MARGIN_MM * pixelsPerMm);
  const x0 = Math.max(0, Math.floor(box.x1 * width - margin));
  const y0 = Math.max(0, Math.floor(box.y1 * height - margin));
  const x1 = Math.min(width, Math.ceil(box.x2 * width + margin));
  const y1 = Math.min(height, Math.ceil(box.y2 * height + margin));
  const cropWidth = Math.max(1, x1 - x0);
  const cropHeight = Math.max(1, y1 - y0);
  const data = new Uint8Array(cropWidth * cropHeight).fill(255);
  for (let y = 0; y < cropHeight && y0 + y < height; y++) {
    const start = (y0 + y) * width + x0;
    data.set(canonical.data.subarray(start, start + Math.min(cropWidth, width - x0)), y * cropWidth);
  }
  const border = { left: box.x1 * width - x0, top: box.y1 * height - y0, right: box.x2 * width - x0, bottom: box.y2 * height - y0 };
  return { raster: { data, width: cropWidth, height: cropHeight }, border };
}

const ALL_SIDES: readonly BorderSide[] = ['top', 'bottom', 'left', 'right'];
const ROW_RULES: readonly BorderSide[] = ['top', 'bottom'];
const UNDER_CAPTION: readonly BorderSide[] = ['bottom', 'left', 'right'];

/**
 * The sides of a field's box that are printed lines on every production card: all four for a
 * hole's cells; the totals row's rules above and below (some printings leave its columns open);
 * a supplemental field's writing area starts under its caption (FIELD_CAPTION_MM), so its top is
 * open paper.
 */
export function printedSides(spec: FieldSpec): readonly BorderSide[] {
  if (spec.holeNumber !== undefined) return ALL_SIDES;
  return spec.row === 'totals' ? ROW_RULES : UNDER_CAPTION;
}

/** One field of a page as the pipeline reads it: the provider's input and how much of its printed border shows. */
export interface PageCell {
  cell: CellImage;
  /** borderVisibility of the crop as photographed, against the depth the page's lines typically show: low where something covers the field (obscuredFields). */
  borderVisible: number;
}

/** Every planned field of a page in plan order: the provider's input (cropped, contrast-normalized by normalizeCellContrast) and its border's visibility. */
export function pageCells(plan: FieldPlan, canonical: GreyImage, pixelsPerMm: number): PageCell[] {
  const crops = plan.fields.map((spec) => fieldCrop(canonical, spec.box, pixelsPerMm));
  const profiles = crops.map((crop, k) => borderProfile(crop.raster, crop.border, printedSides(plan.fields[k])));
  // The page's own rules are the reference for how deep a seen line lies (faint all over on a soft photo).
  const pageDepth = typicalLineDepth(profiles);
  return plan.fields.map((spec, k) => ({
    cell: {
      id: spec.id,
      content: spec.content,
      ...(spec.maxDigits === undefined ? {} : { maxDigits: spec.maxDigits }),
      ...(spec.range === undefined ? {} : { range: spec.range }),
      image: normalizeCellContrast(crops[k].raster),
    },
    borderVisible: borderVisibility(profiles[k], pageDepth),
  }));
}
