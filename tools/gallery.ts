/**
 * Renders the gallery of small PNG thumbnails (each style x subject, plus heatmap, arrows,
 * landscape and transparent paper) of the demo course into docs/gallery/ and writes
 * docs/gallery.md. Run from the repository root after a build:
 *   node dist/tools/gallery.js
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { generateDemoCourses } from '@caddie/catalog';
import { parseGraphicsQuery } from '@caddie/styles';
import { renderGraphic, RENDERER_VERSION } from '@caddie/renderer';

const ROOT = resolve(process.cwd());
const OUT_DIR = join(ROOT, 'docs', 'gallery');
const THUMB_WIDTH = 240;
/** PNGs above this are re-encoded with a palette */
const MAX_BYTES = 60_000;

interface Entry {
  file: string;
  title: string;
  subject: string;
  query: Record<string, string>;
}

const STYLES = ['traditional', 'pencil', 'colored-pencil'];
const ENTRIES: Entry[] = [
  ...STYLES.flatMap((style): Entry[] => [
    { file: `hole-${style}.png`, title: `Hole 7, ${style}`, subject: 'hole-7', query: { graphicStyle: style, width: '480', height: '800' } },
    { file: `green-${style}.png`, title: `Green 7, ${style}`, subject: 'green-7', query: { graphicStyle: style, width: '480', height: '480' } },
    { file: `course-${style}.png`, title: `Course, ${style}`, subject: 'course', query: { graphicStyle: style, width: '720', height: '480' } },
  ]),
  { file: 'profile.png', title: 'Elevation profile, hole 7', subject: 'profile-elevation-7', query: { width: '800', height: '320' } },
  { file: 'green-heatmap.png', title: 'Green 7, elevation heatmap', subject: 'green-7', query: { heatmap: 'elevation', width: '480', height: '480' } },
  { file: 'green-arrows.png', title: 'Green 7, downhill arrows', subject: 'green-7', query: { breaks: 'true', width: '480', height: '480' } },
  { file: 'hole-landscape.png', title: 'Hole 4, landscape', subject: 'hole-4', query: { layout: 'landscape', width: '800', height: '480' } },
  { file: 'hole-transparent.png', title: 'Hole 7, transparent paper', subject: 'hole-7', query: { paperTheme: 'transparent', width: '480', height: '800' } },
  { file: 'hole-nearby.png', title: 'Hole 10, nearby holes stroked, classic-widest', subject: 'hole-10', query: { nearbyHoles: 'stroked-dark', perimeterTreatment: 'classic-widest', width: '480', height: '800' } },
];

async function thumbnail(image: Buffer): Promise<Buffer> {
  const resized = sharp(image).resize({ width: THUMB_WIDTH });
  const png = await resized.clone().png({ compressionLevel: 9 }).toBuffer();
  return png.length <= MAX_BYTES ? png : resized.png({ palette: true, quality: 80, compressionLevel: 9 }).toBuffer();
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const course = generateDemoCourses()[0];
  const context = { classification: course.classification, country: course.location.country, region: course.location.region };
  const rows: string[] = [];
  for (const entry of ENTRIES) {
    const rendered = await renderGraphic(course, parseGraphicsQuery(entry.subject, 'png', entry.query, context));
    const bytes = await thumbnail(rendered.bytes);
    writeFileSync(join(OUT_DIR, entry.file), bytes);
    const query = Object.entries(entry.query).map(([k, v]) => `${k}=${v}`).join('&');
    rows.push(`| ![${entry.title}](gallery/${entry.file}) | ${entry.title} | \`${entry.subject}?${query}\` |`);
    process.stderr.write(`${entry.file}: ${bytes.length} bytes\n`);
  }
  const doc = [
    '# Graphics gallery',
    '',
    `Thumbnails (${THUMB_WIDTH} px wide) of the demo course \`${course.id}\` rendered by \`${RENDERER_VERSION}\`.`,
    'Regenerate with `npm run build && node dist/tools/gallery.js` from the repository root.',
    'Each image was rendered at the size in its query, then reduced.',
    '',
    '| Image | What | Request |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  writeFileSync(join(ROOT, 'docs', 'gallery.md'), doc);
}

main().catch((error) => {
  process.stderr.write(`gallery failed: ${(error as Error).stack}\n`);
  process.exit(1);
});
