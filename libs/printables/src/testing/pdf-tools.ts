/**
 * The real PDF tools the tests check output with (Debian: qpdf, poppler-utils). Tests that need
 * them skip with a visible message when they are not installed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

const TOOLS = ['qpdf', 'pdfinfo', 'pdffonts', 'pdftoppm', 'pdftotext'] as const;

export function missingPdfTools(): string[] {
  return TOOLS.filter((tool) => {
    try {
      execFileSync('which', [tool], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
}

/**
 * Whether the PDF tools are here. Missing under CI is a failure (CI installs them), as in
 * test/support/requirements.ts, which a lib's files cannot import; elsewhere a printed skip.
 */
export function pdfToolsAvailable(): boolean {
  const missing = missingPdfTools();
  if (missing.length === 0) return true;
  if (process.env.CI) throw new Error(`${missing.join(', ')} missing on this CI machine: .ci/run must install qpdf and poppler-utils`);
  console.warn(`SKIPPED: ${missing.join(', ')} not installed (apt-get install -y qpdf poppler-utils); the PDF checks that need them are skipped`);
  return false;
}

type DescribeFn = ((name: string, body: () => void) => void) & { skip: (name: string, body: () => void) => void };

/**
 * `describe` that runs only with the tools present, and says so loudly otherwise. Jest's global is
 * read at call time so this file also compiles in the build, which has no Jest types.
 */
export function describeWithPdfTools(name: string, body: () => void): void {
  const jestDescribe = (globalThis as unknown as { describe: DescribeFn }).describe;
  if (pdfToolsAvailable()) jestDescribe(name, body);
  else jestDescribe.skip(name, body);
}

function withFile<T>(pdf: Uint8Array, use: (path: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'printable-'));
  try {
    const path = join(dir, 'in.pdf');
    writeFileSync(path, pdf);
    return use(path, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of the PDF as poppler extracts it (proves the text is real text, not pixels). */
export function pdfText(pdf: Uint8Array): string {
  return withFile(pdf, (path) => execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }));
}

/** `qpdf --check` output; throws when qpdf finds errors. */
export function qpdfCheck(pdf: Uint8Array): string {
  return withFile(pdf, (path) => execFileSync('qpdf', ['--check', path], { encoding: 'utf8' }));
}

export interface PdfPageInfo {
  pages: number;
  /** [x0, y0, x1, y1] in points, of page 1 */
  mediaBox: number[];
  trimBox: number[];
  bleedBox: number[];
}

export function pdfInfo(pdf: Uint8Array): PdfPageInfo {
  const out = withFile(pdf, (path) => execFileSync('pdfinfo', ['-box', path], { encoding: 'utf8' }));
  const box = (name: string) => (out.match(new RegExp(`${name}:\\s+([\\d.\\s-]+)`))?.[1] ?? '').trim().split(/\s+/).map(Number);
  return { pages: Number(out.match(/Pages:\s+(\d+)/)?.[1]), mediaBox: box('MediaBox'), trimBox: box('TrimBox'), bleedBox: box('BleedBox') };
}

/** Rows of `pdffonts`: name, font type ('Type 3', 'CID TrueType', …), embedded. */
export function pdfFonts(pdf: Uint8Array): { name: string; type: string; embedded: boolean }[] {
  const out = withFile(pdf, (path) => execFileSync('pdffonts', [path], { encoding: 'utf8' }));
  const lines = out.split('\n');
  // the dashed line under the header gives each column's span
  const spans: [number, number][] = [];
  for (const m of lines[1].matchAll(/-+/g)) spans.push([m.index!, m.index! + m[0].length]);
  return lines
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const column = (i: number) => line.slice(spans[i][0], spans[i][1] + 1).trim();
      return { name: column(0), type: column(1), embedded: column(3) === 'yes' };
    });
}

export interface Raster {
  width: number;
  height: number;
  /** RGB */
  data: Buffer;
}

/** Page 1 rasterized by poppler at `dpi`, cropped to the TrimBox. */
export async function rasterizeTrim(pdf: Uint8Array, dpi: number): Promise<Raster> {
  const png = withFile(pdf, (path, dir) => {
    execFileSync('pdftoppm', ['-r', String(dpi), '-f', '1', '-l', '1', '-cropbox', '-png', path, join(dir, 'page')]);
    const file = readdirSync(dir).find((f) => f.startsWith('page') && f.endsWith('.png'));
    return readFileSync(join(dir, file as string));
  });
  const info = pdfInfo(pdf);
  const k = dpi / 72;
  const { data, info: raw } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const left = Math.round((info.trimBox[0] - info.mediaBox[0]) * k);
  const top = Math.round((info.mediaBox[3] - info.trimBox[3]) * k);
  const width = Math.round((info.trimBox[2] - info.trimBox[0]) * k);
  const height = Math.round((info.trimBox[3] - info.trimBox[1]) * k);
  const cropped = await sharp(data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
    .extract({ left, top, width, height })
    .raw()
    .toBuffer();
  return { width, height, data: cropped };
}

/** Bounding box (pixels) of the pixels within `tolerance` of `hex`, or null. */
export function colorExtent(
  raster: Raster,
  hex: string,
  tolerance: number,
  region?: { x0: number; y0: number; x1: number; y1: number },
): { x0: number; y0: number; x1: number; y1: number; count: number } | null {
  const r = parseInt(hex.slice(1, 3), 16);
  const g = parseInt(hex.slice(3, 5), 16);
  const b = parseInt(hex.slice(5, 7), 16);
  let box: { x0: number; y0: number; x1: number; y1: number; count: number } | null = null;
  const area = region ?? { x0: 0, y0: 0, x1: raster.width, y1: raster.height };
  for (let y = area.y0; y < area.y1; y++) {
    for (let x = area.x0; x < area.x1; x++) {
      const i = (y * raster.width + x) * 3;
      if (Math.abs(raster.data[i] - r) > tolerance || Math.abs(raster.data[i + 1] - g) > tolerance || Math.abs(raster.data[i + 2] - b) > tolerance) continue;
      if (!box) box = { x0: x, y0: y, x1: x, y1: y, count: 0 };
      box.x0 = Math.min(box.x0, x);
      box.y0 = Math.min(box.y0, y);
      box.x1 = Math.max(box.x1, x);
      box.y1 = Math.max(box.y1, y);
      box.count++;
    }
  }
  return box;
}
