/**
 * Renders the printables gallery into docs/gallery/printables/: sample pages of every template
 * for demo-pine-hollow, each page rendered as a printable's page PNG (at the template's dpi, so
 * the artwork is what prints) and reduced to about 560 px on its longest side.
 * docs/printables.md shows them.
 * Run from the repository root:
 *   npm run gallery:printables
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { courseRevision, generateDemoCourses } from '@caddie/catalog';
import { compilePrintable, parsePrintableRequest, renderPrintablePage } from '@caddie/printables';

const OUT_DIR = join(resolve(process.cwd()), 'docs', 'gallery', 'printables');
const LONGEST_SIDE_PX = 560;

interface Sample {
  file: string;
  template: string;
  options: Record<string, unknown>;
  /** 1-based page number, as in the file name */
  page: number;
}

const SAMPLES: Sample[] = [
  { file: 'yardage-book-p1.png', template: 'yardage-book@3', options: {}, page: 1 },
  { file: 'yardage-book-p9.png', template: 'yardage-book@3', options: {}, page: 9 },
  { file: 'yardage-book-p10.png', template: 'yardage-book@3', options: {}, page: 10 },
  { file: 'yardage-book-p33.png', template: 'yardage-book@3', options: {}, page: 33 },
  { file: 'yardage-book-p41.png', template: 'yardage-book@3', options: {}, page: 41 },
  { file: 'green-book-p1.png', template: 'green-book@3', options: {}, page: 1 },
  { file: 'green-book-p2.png', template: 'green-book@3', options: {}, page: 2 },
  { file: 'green-book-p9.png', template: 'green-book@3', options: {}, page: 9 },
  { file: 'green-book-p14.png', template: 'green-book@3', options: {}, page: 14 },
  { file: 'hole-sheet-p1.png', template: 'hole-sheet@3', options: { hole: 7 }, page: 1 },
  { file: 'hole-sheet-a4-p1.png', template: 'hole-sheet@3', options: { hole: 4, pageSize: 'a4' }, page: 1 },
  { file: 'pin-sheet-p1.png', template: 'pin-sheet@2', options: {}, page: 1 },
  { file: 'pin-sheet-pocket-p1.png', template: 'pin-sheet@2', options: { pageSize: 'pocket' }, page: 1 },
  { file: 'scorecard-p1.png', template: 'scorecard@1', options: {}, page: 1 },
  { file: 'scorecard-p3.png', template: 'scorecard@1', options: {}, page: 3 },
  { file: 'course-poster-p1.png', template: 'course-poster@2', options: {}, page: 1 },
  { file: 'course-poster-18x24-p1.png', template: 'course-poster@2', options: { pageSize: 'poster-18x24' }, page: 1 },
];

async function main(): Promise<void> {
  const course = generateDemoCourses().find((c) => c.id === 'demo-pine-hollow');
  if (!course) throw new Error('demo-pine-hollow is missing from the demo courses');
  const revision = courseRevision(course);
  mkdirSync(OUT_DIR, { recursive: true });
  for (const sample of SAMPLES) {
    const manifest = compilePrintable(course, revision, parsePrintableRequest(sample.template, sample.options));
    const index = sample.page - 1;
    const page = await renderPrintablePage(course, manifest, index);
    const reduced = await sharp(page.png).resize(LONGEST_SIDE_PX, LONGEST_SIDE_PX, { fit: 'inside' }).png().toBuffer();
    writeFileSync(join(OUT_DIR, sample.file), reduced);
    console.log(
      `${sample.file}: ${sample.template} page ${sample.page} of ${manifest.pages.length} (${manifest.pages[index].title}), rendered at ${manifest.page.dpi} dpi`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
