/**
 * Renders the visual review gallery into docs/gallery/ and writes docs/gallery.md: every
 * subject x style at its default size and at 3x (a thumbnail of each and a 1:1 crop of the same
 * region of both, so the scaling shows), greens with heatmap and arrows, overlays drawn from
 * their resolved instructions, the cartography fixes, and Augusta National holes 12 and 13 from
 * ../shared/data/osm (skipped with a message when absent). Run from the repository root:
 *   npm run gallery
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { generateDemoCourses, importOsm, type Course } from '@caddie/catalog';
import { OVERLAY_TYPES, parseGraphicsQuery, parseOverlayItems } from '@caddie/styles';
import { paintOverlayInstructions, RENDERER_VERSION, renderGraphic, resolveOverlays, type RenderedGraphic } from '@caddie/renderer';
import { createCanvas, Image } from '@napi-rs/canvas';

const ROOT = resolve(process.cwd());
const OUT_DIR = join(ROOT, 'docs', 'gallery');
const AUGUSTA = resolve(ROOT, '..', 'shared', 'data', 'osm', 'augusta_national_us.osm');
const THUMB_WIDTH = 240;
/** the crop region, in pixels of the default size; at 3x the same region is three times as many pixels */
const CROP = 160;

interface Shot {
  file: string;
  title: string;
  subject: string;
  query: Record<string, string>;
  /** default output size of the subject */
  size: [number, number];
  /** 3x render and same-region crops */
  scaled?: boolean;
  /** centre of the crop region as a share of the image */
  focus?: [number, number];
  overlays?: Record<string, unknown>[];
  thumbWidth?: number;
  course?: 'demo' | 'augusta';
  shows?: string;
}

const STYLES = ['traditional', 'pencil', 'colored-pencil'];
const SUBJECTS: { subject: string; size: [number, number]; focus: [number, number]; label: string }[] = [
  { subject: 'hole-7', size: [1440, 2400], focus: [0.5, 0.14], label: 'Hole 7' },
  { subject: 'green-7', size: [1200, 1200], focus: [0.45, 0.45], label: 'Green 7' },
  { subject: 'course', size: [2400, 1600], focus: [0.5, 0.5], label: 'Course' },
];

const SHOTS: Shot[] = [
  ...STYLES.flatMap((style) =>
    SUBJECTS.map(({ subject, size, focus, label }) => ({
      file: `${subject.replace(/-\d+$/, '')}-${style}`,
      title: `${label}, ${style}`,
      subject,
      query: { graphicStyle: style },
      size,
      scaled: true,
      focus,
    })),
  ),
  {
    file: 'profile',
    title: 'Elevation profile, hole 4',
    subject: 'profile-elevation-4',
    query: {},
    size: [1600, 600],
    scaled: true,
    focus: [0.5, 0.85],
    thumbWidth: 480,
    shows: 'labels and flag inside at padding 0; every tee badged',
  },
  {
    file: 'profile-2-large-labels',
    title: 'Elevation profile, par 3 hole 2, 36 px labels',
    subject: 'profile-elevation-2',
    query: { profileLabelSize: '36' },
    size: [1600, 600],
    thumbWidth: 480,
    shows: 'every tee keeps its badge: the crowded one goes under the terrain line below its tee',
  },
  {
    file: 'green-heatmap-arrows',
    title: 'Green 7, heatmap and downhill arrows',
    subject: 'green-7',
    query: { heatmap: 'elevation', breaks: 'true' },
    size: [1200, 1200],
    scaled: true,
    focus: [0.45, 0.4],
    shows: 'green-book arrows (1.1 mm shafts at 300 dpi); red/blue heatmap',
  },
  {
    file: 'green-3-heatmap',
    title: 'Green 3, heatmap with its legend',
    subject: 'green-3',
    query: { heatmap: 'elevation', heatmapLegend: 'true' },
    size: [1200, 1200],
    focus: [0.46, 0.45],
    shows: "red high side over desaturated turf (no brown), blue low side; the band is the green's real 0.5 m tier; heatmapLegend key",
  },
  {
    file: 'course-overlays',
    title: 'Course overview with hole numbers, tee boxes and play lines',
    subject: 'course',
    query: {},
    size: [2400, 1600],
    thumbWidth: 720,
    overlays: [{ type: 'hole-centerline' }, { type: 'teeboxes' }, { type: 'hole-number' }],
    shows: 'badges beside the tees, off the greens; framed and centred on the visible holes',
  },
  {
    file: 'hole-overlays',
    title: 'Hole 1 with approach rings, approach markers and fairway chevrons',
    subject: 'hole-1',
    query: {},
    size: [1440, 2400],
    focus: [0.5, 0.25],
    scaled: false,
    thumbWidth: 360,
    overlays: [{ type: 'fairway-downhill-chevrons' }, { type: 'approach-rings' }, { type: 'approach-markers' }],
    shows: 'ring labels clear of the marker labels; downhill chevrons',
  },
  {
    file: 'green-chevrons',
    title: 'Green 1 with fairway chevrons (small cells), clipped clusters omitted',
    subject: 'green-1',
    query: {},
    size: [1200, 1200],
    overlays: [{ type: 'fairway-downhill-chevrons', preset: 'small' }],
    shows: 'green crop keeps whole clusters',
  },
  {
    file: 'hole-paths',
    title: 'Hole 1, cart path beside the tees',
    subject: 'hole-1',
    query: {},
    size: [1440, 2400],
    focus: [0.5, 0.85],
    scaled: false,
    shows: 'paths below tees, greens, bunkers and water',
  },
  { file: 'hole-16-pond', title: 'Hole 16 "Heron Pond"', subject: 'hole-16', query: {}, size: [1440, 2400], shows: 'the pond whole inside the perimeter' },
  {
    file: 'hole-16-pencil',
    title: 'Hole 16, Pencil',
    subject: 'hole-16',
    query: { graphicStyle: 'pencil' },
    size: [1440, 2400],
    shows: 'one smoothed envelope line',
  },
  {
    file: 'hole-nearby',
    title: 'Hole 2, nearby holes stroked',
    subject: 'hole-2',
    query: { nearbyHoles: 'stroked-dark' },
    size: [1440, 2400],
    shows: 'neighbour holes visible beyond the perimeter',
  },
  {
    file: 'hole-10-trees',
    title: 'Hole 10, Colored Pencil',
    subject: 'hole-10',
    query: { graphicStyle: 'colored-pencil' },
    size: [1440, 2400],
    focus: [0.35, 0.45],
    scaled: false,
    shows: 'whole trees, no ghost spheres',
  },
  {
    file: 'hole-4-woods',
    title: 'Hole 4, woods at the perimeter',
    subject: 'hole-4',
    query: {},
    size: [1440, 2400],
    focus: [0.29, 0.4],
    scaled: false,
    shows: 'woods end in a clean edge at the feather midline, no faded ghosts',
  },
  {
    file: 'hole-4-woods-colored-pencil',
    title: 'Hole 4, woods at the perimeter, Colored Pencil',
    subject: 'hole-4',
    query: { graphicStyle: 'colored-pencil' },
    size: [1440, 2400],
    focus: [0.29, 0.4],
    scaled: false,
    shows: 'woods end cleanly',
  },
  {
    file: 'hole-4-woods-pencil',
    title: 'Hole 4, woods at the perimeter, Pencil',
    subject: 'hole-4',
    query: { graphicStyle: 'pencil' },
    size: [1440, 2400],
    focus: [0.29, 0.4],
    scaled: false,
    shows: 'woods hatching stops at the envelope line',
  },
  {
    file: 'augusta-12',
    title: 'Augusta National, hole 12',
    subject: 'hole-12',
    query: {},
    size: [1440, 2400],
    course: 'augusta',
    shows: 'bridges and shelters in the structure colour',
  },
  { file: 'augusta-13', title: 'Augusta National, hole 13', subject: 'hole-13', query: {}, size: [1440, 2400], course: 'augusta' },
];

/** Course output is limited to 32 MP: its "3x" is the largest size of the same shape under that limit. */
function tripled([w, h]: [number, number]): [number, number] {
  const factor = Math.min(3, Math.sqrt(32_000_000 / (w * h)));
  return [Math.floor(w * factor), Math.floor(h * factor)];
}

async function small(image: Buffer, width: number): Promise<Buffer> {
  return sharp(image).resize({ width }).png({ palette: true, quality: 85, compressionLevel: 9 }).toBuffer();
}

async function crop(image: Buffer, [w, h]: [number, number], focus: [number, number], scale: number): Promise<Buffer> {
  const size = Math.round(CROP * scale);
  const left = Math.max(0, Math.min(w - size, Math.round(focus[0] * w - size / 2)));
  const top = Math.max(0, Math.min(h - size, Math.round(focus[1] * h - size / 2)));
  return sharp(image).extract({ left, top, width: size, height: size }).webp({ quality: 82 }).toBuffer();
}

async function withOverlays(
  course: Course,
  rendered: RenderedGraphic,
  request: ReturnType<typeof parseGraphicsQuery>,
  overlays: Record<string, unknown>[],
): Promise<Buffer> {
  const items = parseOverlayItems(
    overlays.map((o, i) => ({ id: `o${i}`, ...o })),
    OVERLAY_TYPES,
  );
  const resolved = resolveOverlays(items, { course, request, sidecar: rendered.sidecar });
  const canvas = createCanvas(rendered.width, rendered.height);
  const ctx = canvas.getContext('2d');
  const base = new Image();
  base.src = rendered.bytes;
  ctx.drawImage(base, 0, 0);
  for (const overlay of resolved) paintOverlayInstructions(ctx, overlay.instructions);
  return canvas.toBuffer('image/png');
}

function augusta(): Course | null {
  if (!existsSync(AUGUSTA)) return null;
  const { courses } = importOsm([{ name: 'augusta_national_us.osm', content: readFileSync(AUGUSTA) }]);
  return courses.find((c) => c.holes.length) ?? null;
}

async function main(): Promise<void> {
  // only the gallery's own images: docs/gallery/printables holds the printables pages (docs/printables.md)
  mkdirSync(OUT_DIR, { recursive: true });
  for (const name of readdirSync(OUT_DIR)) if (/\.(png|webp)$/.test(name)) rmSync(join(OUT_DIR, name), { force: true });
  const demo = generateDemoCourses()[0];
  const augustaCourse = augusta();
  if (!augustaCourse) process.stderr.write(`Augusta National data not found at ${AUGUSTA}: its holes are skipped\n`);
  const rows: string[] = [];
  for (const shot of SHOTS) {
    const course = shot.course === 'augusta' ? augustaCourse : demo;
    if (!course) continue;
    const context = { classification: course.classification, country: course.location.country, region: course.location.region };
    const at = async ([w, h]: [number, number]) => {
      const request = parseGraphicsQuery(shot.subject, 'png', { ...shot.query, width: String(w), height: String(h) }, context);
      const rendered = await renderGraphic(course, request);
      return shot.overlays ? withOverlays(course, rendered, request, shot.overlays) : rendered.bytes;
    };
    const started = Date.now();
    const image = await at(shot.size);
    writeFileSync(join(OUT_DIR, `${shot.file}.png`), await small(image, shot.thumbWidth ?? THUMB_WIDTH));
    const cells = [`![${shot.title}](gallery/${shot.file}.png)`];
    if (shot.focus) {
      writeFileSync(join(OUT_DIR, `${shot.file}-crop.webp`), await crop(image, shot.size, shot.focus, 1));
      cells.push(`![1:1 crop at the default size](gallery/${shot.file}-crop.webp)`);
    }
    let sizes = `${shot.size[0]}x${shot.size[1]}`;
    if (shot.scaled && shot.focus) {
      const large = tripled(shot.size);
      const big = await at(large);
      writeFileSync(join(OUT_DIR, `${shot.file}-3x-crop.webp`), await crop(big, large, shot.focus, large[0] / shot.size[0]));
      cells.push(`![1:1 crop of the same region at ${large[0]}x${large[1]}](gallery/${shot.file}-3x-crop.webp)`);
      sizes += ` and ${large[0]}x${large[1]}`;
    }
    const query = Object.entries(shot.query)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const overlays = shot.overlays ? ` + overlays ${shot.overlays.map((o) => o.type).join(', ')}` : '';
    rows.push(
      `| ${cells.join('<br>')} | ${shot.title}${shot.shows ? `: ${shot.shows}` : ''} | \`${shot.subject}${query ? `?${query}` : ''}\` at ${sizes}${overlays} |`,
    );
    process.stderr.write(`${shot.file}: ${Date.now() - started} ms\n`);
  }
  const doc = [
    '# Graphics gallery',
    '',
    `Rendered by \`${RENDERER_VERSION}\` from the demo course \`${demo.id}\` and, when \`../shared/data/osm\` is present, Augusta National.`,
    'Regenerate with `npm run gallery` from the repository root.',
    '',
    `Each image was rendered at the subject's default size and reduced to a thumbnail. Where a row has crops, the first is a 1:1 crop`,
    `(${CROP} px square) of the default-size render and the second the same region of the render at 3x the default size (course: the`,
    'largest size under the 32 MP limit), also 1:1: every stroke, label, badge and arrow is three times as large, the same share of the picture.',
    'Overlays are drawn from their resolved instructions (`paintOverlayInstructions`), as a client would draw them.',
    '',
    '| Image | What | Request |',
    '|---|---|---|',
    ...rows,
    '',
    'Augusta National geometry © OpenStreetMap contributors, available under the Open Database License (ODbL 1.0).',
    '',
  ].join('\n');
  writeFileSync(join(ROOT, 'docs', 'gallery.md'), doc);
}

main().catch((error) => {
  process.stderr.write(`gallery failed: ${(error as Error).stack}\n`);
  process.exit(1);
});
