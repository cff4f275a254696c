/**
 * Render cost against encoding cost: the whole renderGraphic of the default portrait hole
 * (1440x2400 WebP, Traditional) on a demo course, against encoding the same final bitmap alone
 * with sharp and the same settings, measured in the same run. Target: ratio <= 1.5.
 *   npm run build && node dist/bench/render-hole.bench.js [runs] [hole]
 */
import { generateDemoCourses } from '@caddie/catalog';
import { parseGraphicsQuery } from '@caddie/styles';
import { encodeRgba, paintGraphic, renderGraphic } from '@caddie/renderer';

const RUNS = Number(process.argv[2] ?? 9);
const HOLE = process.argv[3] ?? '7';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function main(): Promise<void> {
  const course = generateDemoCourses()[0];
  const request = parseGraphicsQuery(`hole-${HOLE}`, 'webp', {}, { classification: course.classification, country: course.location.country, region: course.location.region });
  const { width, height, format, quality, dpi } = request.output;
  const painted = paintGraphic(course, request);
  const rgba = Buffer.from(painted.canvas.data());
  const settings = { format, quality, opaque: painted.opaque, dpi };

  await renderGraphic(course, request); // warm-up: fonts, caches, JIT
  await encodeRgba(rgba, width, height, settings);
  const render: number[] = [];
  const encode: number[] = [];
  // interleaved so drift on a shared machine hits both series alike
  for (let i = 0; i < RUNS; i++) {
    render.push(await time(() => renderGraphic(course, request)));
    encode.push(await time(() => encodeRgba(rgba, width, height, settings)));
  }
  const r = median(render);
  const e = median(encode);
  const line = (label: string, ms: number) => console.log(`${label.padEnd(34)} ${ms.toFixed(1).padStart(8)} ms`);
  console.log(`${course.id} hole ${HOLE}, ${width}x${height} ${format} q${quality}, ${RUNS} runs (medians)`);
  line('renderGraphic (paint + encode)', r);
  line('encode the same bitmap alone', e);
  line('paint share (difference)', r - e);
  console.log(`ratio render / encode            ${(r / e).toFixed(2)}x (target <= 1.50x)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
