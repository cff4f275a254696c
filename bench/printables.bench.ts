/**
 * Printables on the render farm, measured against baselines in the same run:
 *  1. create-to-ready time of a yardage book (demo-pine-hollow, 300 dpi) with one render worker
 *     and with two (the pages are jobs of one flow, so two workers should take about half);
 *  2. the same book against rendering the same subjects as plain graphics at the page's pixel
 *     size (course overview, every hole and every green) on the same two workers: what the
 *     book costs beyond its artwork (page furniture, tables, PDF, assembly, ZIP).
 * Book rates are also given as pages per second per worker (with the load average: the machine may be shared).
 * Each book is created by its own organization, so no run finds another's package.
 * Starts the built API and the render workers on loopback. Run: npm run bench:printables
 */
import 'reflect-metadata';
import { cpus, loadavg } from 'node:os';
import { ApiKeyRegistry } from '@caddie/access';
import { courseRevision, generateDemoCourses } from '@caddie/catalog';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { startBenchFarm } from './support/farm';

const BOOK = { template: 'yardage-book@1', options: { dpi: 300 } };

async function main(): Promise<void> {
  const farm = await startBenchFarm('printables', { RENDER_WAIT_MS: '20000' });
  const { origin, dataDir, startWorker } = farm;
  try {
    const db = await openDatabase({ dataDir });
    const course = generateDemoCourses()[0];
    await new CourseStore(db).upsert(course, courseRevision(course));
    const registry = new ApiKeyRegistry(db, 'caddie');
    const keyOfNewOrganization = async (name: string) =>
      (
        await registry.create({
          name,
          kind: 'live',
          scopes: ['printables:read', 'printables:write', 'course-graphics:read'],
          organizationId: (await registry.createOrganization(name)).id,
        })
      ).key;
    const keys = { oneWorker: await keyOfNewOrganization('one worker'), twoWorkers: await keyOfNewOrganization('two workers') };
    await db.destroy();

    const compiled = (await (
      await fetch(`${origin}/v1/courses/${course.id}/printables/compile`, {
        method: 'POST',
        headers: { 'x-api-key': keys.oneWorker, 'content-type': 'application/json' },
        body: JSON.stringify({ ...BOOK, previewPages: 0 }),
      })
    ).json()) as {
      manifest: { pages: unknown[]; page: { widthIn: number; heightIn: number; bleedIn: number; dpi: number } };
    };
    const { page } = compiled.manifest;
    console.log(`book: ${compiled.manifest.pages.length} pages of ${page.widthIn}x${page.heightIn} in at ${page.dpi} dpi`);

    const createToReady = async (key: string) => {
      const started = Date.now();
      const created = await fetch(`${origin}/v1/courses/${course.id}/printables`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(BOOK),
      });
      let printable = (await created.json()) as { id: string; status: string; error?: unknown };
      while (printable.status !== 'ready') {
        if (printable.status === 'failed' || !printable.id) throw new Error(`the book did not render: ${JSON.stringify(printable)}`);
        await new Promise((r) => setTimeout(r, 200));
        printable = (await (await fetch(`${origin}/v1/printables/${printable.id}`, { headers: { 'x-api-key': key } })).json()) as typeof printable;
      }
      return Date.now() - started;
    };

    startWorker();
    const pages = compiled.manifest.pages.length;
    // pages per second per worker: the rate a print shop sizes its render farm by
    const pageRate = (ms: number, workers: number) => `${(pages / (ms / 1000) / workers).toFixed(2)} pages/s per worker`;
    const one = await createToReady(keys.oneWorker);
    console.log(
      `create-to-ready, 1 render worker: ${(one / 1000).toFixed(1)} s (${pageRate(one, 1)}; load average ${loadavg()[0].toFixed(2)} on ${cpus().length} cores)`,
    );
    startWorker();
    // let the second worker connect before the clock starts
    await new Promise((r) => setTimeout(r, 3000));
    const two = await createToReady(keys.twoWorkers);
    console.log(`create-to-ready, 2 render workers: ${(two / 1000).toFixed(1)} s (${pageRate(two, 2)}); speed-up ${(one / two).toFixed(2)}x`);

    // The same artwork as plain graphics at the page's pixel size (trim plus bleed), all at once on the same two workers.
    const width = Math.round((page.widthIn + 2 * page.bleedIn) * page.dpi);
    const height = Math.round((page.heightIn + 2 * page.bleedIn) * page.dpi);
    const subjects = ['course', ...course.holes.flatMap((h) => [`hole-${h.number}`, `green-${h.number}`])];
    const started = Date.now();
    const statuses = await Promise.all(
      subjects.map((subject) =>
        untilRendered(`${origin}/v1/courses/${course.id}/graphics/images/${subject}/png?width=${width}&height=${height}`, keys.twoWorkers),
      ),
    );
    const graphics = Date.now() - started;
    const notRendered = statuses.filter((s) => s !== 200).length;
    console.log(
      `the same subjects as ${subjects.length} plain graphics (${width}x${height} PNG), 2 render workers: ${(graphics / 1000).toFixed(1)} s${notRendered ? ` (${notRendered} not rendered: ${statuses.join(',')})` : ''}`,
    );
    console.log(`book / plain graphics: ${(two / graphics).toFixed(2)}x`);
  } finally {
    await farm.stop();
  }
}

/** A graphic, following 202 RENDERING to its render URL until the image is there; its final status. */
async function untilRendered(url: string, key: string): Promise<number> {
  for (;;) {
    const response = await fetch(url, { headers: { 'x-api-key': key } });
    await response.arrayBuffer();
    if (response.status !== 202) return response.status;
    url = new URL(response.headers.get('location') ?? '', url).toString();
    await new Promise((r) => setTimeout(r, 500));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
