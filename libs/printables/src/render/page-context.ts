/**
 * Pages are painted twice with the same code: onto a Skia PDF page (text and paths stay vectors,
 * fonts are embedded) and onto a raster canvas for the PNG. Units are PDF points (1/72 in) with the
 * origin at the trim's top-left corner; the raster canvas is scaled to its dpi.
 */
import type { Course } from '@caddie/catalog';
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { ManifestPage, PrintableManifest } from '../compile/printable-manifest';

/** The PDF page context is the same Skia context at runtime; its typings omit drawImage. */
export type PageContext = SKRSContext2D;

export const PT = 72;
export const pt = (inches: number) => inches * PT;

export interface PageScene {
  course: Course;
  manifest: PrintableManifest;
  page: ManifestPage;
  /** trim size, points */
  width: number;
  height: number;
  /** bleed on each side, points (artwork that bleeds paints this far outside the trim) */
  bleed: number;
}

/** Paints one prepared page; called once for the PDF and once for the PNG. */
export type PagePainter = (ctx: PageContext) => void;
