/**
 * Render cost against encoding cost, for every subject at the sizes print shops order: the
 * default size, 4 x 7 in at 300 dpi and the 8000 px maximum (long side; the 32 MP cap sets the
 * short one). Each line: paint (the bitmap handed to the encoder), encode of that same bitmap
 * alone with sharp and the same settings, and renderGraphic ÷ encode, all measured in the same run
 * (medians, interleaved so drift on a shared machine hits every series alike). Wall time and
 * CPU time (this process, every thread) are both given: on a busy machine the CPU figures hold.
 * Then throughput: graphics per second per core with a worker's concurrency of renders in flight,
 * beside encode-only throughput of the same bitmaps.
 * Targets: render / encode <= 1.15x for the default hole, <= 1.25x for the rest.
 *   npm run bench:render -- [runs] [subjects, comma-separated] [sizes: default,print,max]
 */
import { cpus, loadavg } from 'node:os';
import { generateDemoCourses, type Course } from '@caddie/catalog';
import { parseGraphicsQuery, type NormalizedGraphicRequest } from '@caddie/styles';
import { encodeRgba, paintGraphic, renderGraphic } from '@caddie/renderer';
import { median } from './support/timing';

const RUNS = Number(process.argv[2] ?? 5);
const SUBJECTS: Record<string, [string, Record<string, string>]> = {
  hole: ['hole-7', {}],
  green: ['green-7', { heatmap: 'elevation', breaks: 'true' }],
  course: ['course', {}],
  profile: ['profile-elevation-7', {}],
};
const SUBJECT_NAMES = (process.argv[3] ?? Object.keys(SUBJECTS).join(',')).split(',');
const SIZES = (process.argv[4] ?? 'default,print,max').split(',');
/** what one render worker runs at once (WORKER_CONCURRENCY's default) */
const WORKER_CONCURRENCY = 2;
const MAX_SIDE = 8000;
const MAX_AREA = 32_000_000;
const TARGET = { defaultHole: 1.15, other: 1.25 };

interface Sample {
  wall: number;
  cpu: number;
}

async function measure(run: () => unknown): Promise<Sample> {
  const cpu0 = process.cpuUsage();
  const started = process.hrtime.bigint();
  await run();
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

const medians = (samples: Sample[]): Sample => ({ wall: median(samples.map((s) => s.wall)), cpu: median(samples.map((s) => s.cpu)) });

/** The query for a subject at one of the benchmarked sizes (orientation of its default size). */
function sizedQuery(course: Course, subject: string, extra: Record<string, string>, size: string): Record<string, string> {
  if (size === 'default') return extra;
  const defaults = request(course, subject, extra).output;
  const portrait = defaults.height >= defaults.width;
  if (size === 'print') return { ...extra, ...(portrait ? { widthIn: '4', heightIn: '7' } : { widthIn: '7', heightIn: '4' }) };
  const aspect = Math.min(defaults.width, defaults.height) / Math.max(defaults.width, defaults.height);
  const short = String(Math.min(Math.round(MAX_SIDE * aspect), Math.floor(MAX_AREA / MAX_SIDE)));
  return { ...extra, ...(portrait ? { width: short, height: String(MAX_SIDE) } : { width: String(MAX_SIDE), height: short }) };
}

function request(course: Course, subject: string, query: Record<string, string>): NormalizedGraphicRequest {
  return parseGraphicsQuery(subject, 'webp', query, {
    classification: course.classification,
    country: course.location.country,
    region: course.location.region,
  });
}

function settingsOf(req: NormalizedGraphicRequest, opaque: boolean) {
  const { format, quality, dpi } = req.output;
  return { format, quality, opaque, dpi: dpi ?? 300 };
}

const ms = (v: number) => v.toFixed(0).padStart(6);

async function main(): Promise<void> {
  const course = generateDemoCourses()[0];
  console.log(
    `${course.id}, WebP, ${RUNS} runs per line (medians); ${cpus().length} cores, load average ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  console.log(`${'subject'.padEnd(8)} ${'size'.padEnd(8)} ${'pixels'.padEnd(10)} |  paint ms wall/cpu | encode ms wall/cpu | render÷encode wall  cpu  target`);
  const failures: string[] = [];
  for (const name of SUBJECT_NAMES) {
    const [subject, extra] = SUBJECTS[name];
    for (const size of SIZES) {
      const req = request(course, subject, sizedQuery(course, subject, extra, size));
      const { width, height } = req.output;
      const first = paintGraphic(course, req);
      const rgba = Buffer.from(first.canvas.data());
      const settings = settingsOf(req, first.opaque);
      await renderGraphic(course, req); // warm-up: fonts, caches, JIT
      await encodeRgba(rgba, width, height, settings);
      const paint: Sample[] = [];
      const encode: Sample[] = [];
      const render: Sample[] = [];
      for (let i = 0; i < RUNS; i++) {
        // the bitmap as the encoder receives it: painting is recorded and rasterized on read
        paint.push(await measure(() => paintGraphic(course, req).canvas.data()));
        encode.push(await measure(() => encodeRgba(rgba, width, height, settings)));
        render.push(await measure(() => renderGraphic(course, req)));
      }
      const [p, e, r] = [medians(paint), medians(encode), medians(render)];
      const target = name === 'hole' && size === 'default' ? TARGET.defaultHole : TARGET.other;
      const ratio = { wall: r.wall / e.wall, cpu: r.cpu / e.cpu };
      if (ratio.cpu > target) failures.push(`${name} ${size}`);
      console.log(
        `${name.padEnd(8)} ${size.padEnd(8)} ${`${width}x${height}`.padEnd(10)} | ${ms(p.wall)} / ${ms(p.cpu)}    | ${ms(e.wall)} / ${ms(e.cpu)}     | ${ratio.wall.toFixed(2).padStart(5)}x ${ratio.cpu.toFixed(2).padStart(5)}x  <= ${target.toFixed(2)}x`,
      );
    }
  }
  await throughput(course);
  console.log(
    `load average after: ${loadavg()
      .map((v) => v.toFixed(2))
      .join(' ')}`,
  );
  console.log(failures.length ? `over target (CPU ratio): ${failures.join(', ')}` : 'every line within its target (CPU ratio)');
}

/**
 * Graphics per second per core: the default hole, green and course, WORKER_CONCURRENCY renders
 * in flight at once, as one worker runs them; the same bitmaps encoded alone alike.
 */
async function throughput(course: Course): Promise<void> {
  const reqs = ['hole', 'green', 'course'].map((name) => request(course, SUBJECTS[name][0], SUBJECTS[name][1]));
  const bitmaps = reqs.map((req) => {
    const painted = paintGraphic(course, req);
    return { req, rgba: Buffer.from(painted.canvas.data()), settings: settingsOf(req, painted.opaque) };
  });
  const jobs = Math.max(6, RUNS * reqs.length);
  const inFlight = async (task: (i: number) => Promise<unknown>) =>
    measure(async () => {
      let next = 0;
      await Promise.all(
        Array.from({ length: WORKER_CONCURRENCY }, async () => {
          while (next < jobs) await task(next++);
        }),
      );
    });
  const renders = await inFlight((i) => renderGraphic(course, reqs[i % reqs.length]));
  const encodes = await inFlight((i) => {
    const b = bitmaps[i % bitmaps.length];
    return encodeRgba(b.rgba, b.req.output.width, b.req.output.height, b.settings);
  });
  const perCore = (s: Sample) => (jobs / s.cpu) * 1000;
  console.log(
    `throughput, ${jobs} default-size graphics (hole, green, course), ${WORKER_CONCURRENCY} in flight: ` +
      `render ${perCore(renders).toFixed(2)} graphics/s/core (${((jobs / renders.wall) * 1000).toFixed(2)}/s wall), ` +
      `encode only ${perCore(encodes).toFixed(2)}/s/core (${((jobs / encodes.wall) * 1000).toFixed(2)}/s wall); ratio ${(perCore(encodes) / perCore(renders)).toFixed(2)}x`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
