import { createCanvas, PDFDocument } from '@napi-rs/canvas';
import type { Course } from '@caddie/catalog';
import type { CaptureTopology } from '../capture-geometry';
import { findDesign, type CaptureDefinition, type DesignDefinition } from '../design-catalog';
import { loadMarkerDictionary } from '../marker-dictionary';
import type { PixelImage } from '../pixel-image';
import { formatIdentityLabel } from '../printed-identity';
import { paintCard } from './card-painter';
import { courseCodeFor } from './course-code';
import { withPrintDensity } from './png-density';

export const PRINT_DPI = 300;
export const MM_PER_INCH = 25.4;
export const POINTS_PER_INCH = 72;

export class PrintableCardError extends Error {
  readonly code = 'scorecard-design-unknown';
}

export interface PrintableCardOptions {
  /** Raster resolution of the PNG (default 300 dpi). */
  dpi?: number;
  /** Overrides the C chunk (default: derived from the course id). */
  courseCode?: string;
  /** Overrides the whole printed label (tests print damaged labels). */
  labelText?: string;
  /** Markers and label only, no course data or grid. */
  blank?: boolean;
}

export interface PrintableCard {
  /** Vector PDF, one page at the capture's physical size. */
  pdf: Buffer;
  /** Raster at `dpi`, with the density recorded in the file. */
  png: Buffer;
  widthPx: number;
  heightPx: number;
  /** The printed label text. */
  label: string;
  capture: CaptureDefinition;
}

function resolveCapture(design: DesignDefinition | string, topology: CaptureTopology): CaptureDefinition {
  const definition = typeof design === 'string' ? findDesign(design) : design;
  if (!definition) throw new PrintableCardError(`design ${String(design)} is not in the catalog`);
  const capture = definition.captures[topology];
  if (!capture) throw new PrintableCardError(`design ${definition.designCode} has no ${topology} capture`);
  return capture;
}

/** The raster of a card at any resolution, as RGBA pixels (the photo synthesizer prints with it). */
export async function renderCardRaster(
  design: DesignDefinition | string,
  topology: CaptureTopology,
  course: Course,
  pixelsPerMm: number,
  options: Omit<PrintableCardOptions, 'dpi'> = {},
): Promise<PixelImage> {
  const capture = resolveCapture(design, topology);
  const dictionary = await loadMarkerDictionary();
  const width = Math.round(capture.widthMm * pixelsPerMm);
  const height = Math.round(capture.heightMm * pixelsPerMm);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.scale(width / capture.widthMm, height / capture.heightMm);
  paintCard(ctx, {
    capture,
    course,
    courseCode: options.courseCode ?? courseCodeFor(course.id),
    dictionary,
    labelText: options.labelText,
    blank: options.blank,
  });
  const rgba = ctx.getImageData(0, 0, width, height).data;
  return { data: new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.byteLength), width, height, channels: 4 };
}

/**
 * A printable scorecard for one design and capture topology: a vector PDF page at the exact
 * physical size of the design (millimetres at 72 pt per inch) and a PNG at print resolution.
 */
export async function renderPrintableCard(
  design: DesignDefinition | string,
  topology: CaptureTopology,
  course: Course,
  options: PrintableCardOptions = {},
): Promise<PrintableCard> {
  const capture = resolveCapture(design, topology);
  const dictionary = await loadMarkerDictionary();
  const courseCode = options.courseCode ?? courseCodeFor(course.id);
  const paint = { capture, course, courseCode, dictionary, labelText: options.labelText, blank: options.blank };

  const pointsPerMm = POINTS_PER_INCH / MM_PER_INCH;
  const doc = new PDFDocument({ title: `${course.name} · ${capture.captureId}`, creator: 'caddie', producer: 'caddie printable cards' });
  const page = doc.beginPage(capture.widthMm * pointsPerMm, capture.heightMm * pointsPerMm);
  page.scale(pointsPerMm, pointsPerMm);
  paintCard(page, paint);
  doc.endPage();
  const pdf = doc.close();

  const dpi = options.dpi ?? PRINT_DPI;
  const pixelsPerMm = dpi / MM_PER_INCH;
  const widthPx = Math.round(capture.widthMm * pixelsPerMm);
  const heightPx = Math.round(capture.heightMm * pixelsPerMm);
  const canvas = createCanvas(widthPx, heightPx);
  const ctx = canvas.getContext('2d');
  ctx.scale(widthPx / capture.widthMm, heightPx / capture.heightMm);
  paintCard(ctx, paint);
  const png = withPrintDensity(await canvas.encode('png'), dpi);

  const label = options.labelText ?? formatIdentityLabel({ designCode: capture.designCode, courseCode });
  return { pdf, png, widthPx, heightPx, label, capture };
}
