import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import Redis from 'ioredis';
import sharp from 'sharp';
import { ApiKeyRegistry } from '@caddie/access';
import { courseRevision, generateDemoCourses } from '@caddie/catalog';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { SCALE_BAR_COLOR, SCALE_BAR_YARDS } from '@caddie/printables';
import { colorExtent, missingPdfTools, pdfFonts, pdfInfo, qpdfCheck, type Raster } from '../../libs/printables/src/testing/pdf-tools';
import { required } from '../support/requirements';
import { exited, freePort, runNode, startNode, waitFor } from '../support/processes';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const POINTS_PER_INCH = 72;
const INCHES_PER_YARD = 36;

/** Every page rasterized by poppler in one run, each cropped to the TrimBox (all pages share page 1's boxes). */
async function rasterizeEveryPage(pdf: Uint8Array, dpi: number): Promise<Raster[]> {
  const dir = mkdtempSync(join(tmpdir(), 'caddie-pages-'));
  try {
    writeFileSync(join(dir, 'book.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-cropbox', '-png', join(dir, 'book.pdf'), join(dir, 'page')]);
    const { mediaBox, trimBox } = pdfInfo(pdf);
    const k = dpi / POINTS_PER_INCH;
    const trim = {
      left: Math.round((trimBox[0] - mediaBox[0]) * k),
      top: Math.round((mediaBox[3] - trimBox[3]) * k),
      width: Math.round((trimBox[2] - trimBox[0]) * k),
      height: Math.round((trimBox[3] - trimBox[1]) * k),
    };
    const files = readdirSync(dir)
      .filter((f) => f.startsWith('page') && f.endsWith('.png'))
      .sort();
    return await Promise.all(
      files.map(async (file) => ({
        width: trim.width,
        height: trim.height,
        data: await sharp(readFileSync(join(dir, file)))
          .removeAlpha()
          .extract(trim)
          .raw()
          .toBuffer(),
      })),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The built API and two render-worker processes: a yardage book for demo-pine-hollow rendered as
 * one flow over both workers, downloaded as its ZIP and checked with real PDF tools; then the
 * resource operations, and a second organization that sees none of it.
 */
describe('printables: a yardage book through the render farm', () => {
  const prefix = `prt-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'caddie-printables-'));
  const common = { DATA_DIR: dataDir, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' };
  const missingTools = required(`the PDF tools (${missingPdfTools().join(', ')}: apt-get install qpdf poppler-utils)`, missingPdfTools().length === 0)
    ? []
    : missingPdfTools();
  let base: string;
  let owner: string;
  let ownerOrganization: string;
  let stranger: string;
  let api: ReturnType<typeof startNode>;
  const workers: ReturnType<typeof startNode>[] = [];
  let book: { id: string; links: { zip: string; pdf: string }; pages: { total: number }; createdAt: string };
  let files: Record<string, Uint8Array>;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // a short render wait, so create answers while the book is still rendering and the client polls
    api = startNode('apps/api/src/main.js', {
      ...common,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: base,
      RENDER_WAIT_MS: '1000',
      RATE_LIMIT_PER_MINUTE: '100000',
    });
    await waitFor(async () => (await fetch(`${base}/health`).catch(() => null))?.ok ?? false, 60_000, 'the API');
    const db = await openDatabase({ dataDir });
    for (const course of generateDemoCourses()) await new CourseStore(db).upsert(course, courseRevision(course));
    const registry = new ApiKeyRegistry(db, 'caddie');
    const shop = await registry.create({ name: 'print shop', kind: 'live', scopes: ['printables:read', 'printables:write'] });
    owner = shop.key;
    ownerOrganization = shop.summary.organizationId;
    const other = await registry.createOrganization('Another print shop');
    stranger = (await registry.create({ name: 'other shop', kind: 'live', scopes: ['printables:read', 'printables:write'], organizationId: other.id })).key;
    await db.destroy();
    const workerEnv = { ...common, WORKER_CONCURRENCY: '1' };
    workers.push(startNode('apps/render-worker/src/main.js', workerEnv), startNode('apps/render-worker/src/main.js', workerEnv));
  }, 90_000);

  afterAll(async () => {
    for (const p of [api, ...workers]) if (p?.child.exitCode === null) p.child.kill('SIGTERM');
    await Promise.all([api, ...workers].filter(Boolean).map((p) => exited(p.child, 20_000).catch(() => undefined)));
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }, 60_000);

  const call = (method: string, path: string, key: string, body?: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  it('creates the book, reports pages while it renders, and delivers the ZIP when ready', async () => {
    const created = await call('POST', '/v1/courses/demo-pine-hollow/printables', owner, { template: 'yardage-book@1' });
    expect(created.status).toBe(201);
    const first = (await created.json()) as { id: string; status: string; pages: { done: number; total: number } };
    expect(first.pages.total).toBeGreaterThanOrEqual(38); // cover, overview, 18 hole and 18 green pages, notes
    let current = first as unknown as typeof book & { status: string; pages: { done: number; total: number } };
    await waitFor(
      async () => {
        current = (await (await call('GET', `/v1/printables/${first.id}`, owner)).json()) as typeof current;
        expect(current.status).not.toBe('failed');
        return current.status === 'ready';
      },
      600_000,
      'the yardage book',
    );
    expect(current.pages).toEqual({ done: first.pages.total, total: first.pages.total });
    book = current;
    const zip = await fetch(book.links.zip);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    const pngs = Object.keys(files).filter((name) => /^pages\/page-\d{3}\.png$/.test(name));
    expect(pngs).toHaveLength(book.pages.total);
    const manifest = JSON.parse(Buffer.from(files['manifest.json']).toString('utf8'));
    expect(manifest).toMatchObject({ schema: 'caddie-printable-manifest@1', template: 'yardage-book@1', courseId: 'demo-pine-hollow', rules: 'rule-4.3' });
  }, 660_000);

  (missingTools.length ? it.skip : it)(
    'has the pages, trim and bleed boxes, embedded fonts and green scales a print shop needs (qpdf, pdfinfo, pdffonts, pdftoppm)',
    async () => {
      const pdf = files['printable.pdf'];
      expect(pdf).toBeDefined();
      qpdfCheck(pdf);
      const info = pdfInfo(pdf);
      expect(info.pages).toBe(book.pages.total);
      const [tx0, ty0, tx1, ty1] = info.trimBox;
      expect((tx1 - tx0) / POINTS_PER_INCH).toBeCloseTo(4.25, 2);
      expect((ty1 - ty0) / POINTS_PER_INCH).toBeCloseTo(7, 2);
      const [bx0, by0, bx1, by1] = info.bleedBox;
      for (const bleed of [tx0 - bx0, ty0 - by0, bx1 - tx1, by1 - ty1]) expect(bleed / POINTS_PER_INCH).toBeCloseTo(0.125, 2);
      const fonts = pdfFonts(pdf);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.filter((f) => !f.embedded)).toEqual([]);

      // Every green drawing carries a bar of SCALE_BAR_YARDS on the ground: measured on paper it
      // gives the printed scale, which Rule 4.3 wants at 1:480 or smaller.
      const dpi = 100;
      const pages = await rasterizeEveryPage(pdf, dpi);
      expect(pages).toHaveLength(info.pages);
      const scales: number[] = [];
      for (const raster of pages) {
        const bar = colorExtent(raster, SCALE_BAR_COLOR, 40);
        if (bar) scales.push((SCALE_BAR_YARDS * INCHES_PER_YARD) / ((bar.x1 - bar.x0 + 1) / dpi));
      }
      expect(scales.length).toBeGreaterThanOrEqual(18);
      for (const denominator of scales) expect(denominator).toBeGreaterThanOrEqual(480 * 0.97); // one pixel of the bar at 100 dpi is about 1.3%
    },
    300_000,
  );

  it('reads, lists, searches and deletes the book; another organization gets 404 on all of it', async () => {
    const id = book.id;
    expect(((await (await call('GET', `/v1/printables/${id}`, owner)).json()) as { status: string }).status).toBe('ready');
    expect(((await (await call('GET', `/v1/courses/demo-pine-hollow/printables/${id}`, owner)).json()) as { id: string }).id).toBe(id);
    const ids = async (path: string, key = owner) => ((await (await call('GET', path, key)).json()) as { items: { id: string }[] }).items.map((p) => p.id);
    expect(await ids('/v1/courses/demo-pine-hollow/printables')).toEqual([id]);
    expect(await ids('/v1/printables?q=pine&template=yardage-book@1&status=ready')).toEqual([id]);
    expect(await ids(`/v1/printables?courseId=demo-cedar-links`)).toEqual([]);
    expect(await ids(`/v1/printables?createdBefore=${encodeURIComponent(book.createdAt)}`)).toEqual([]);

    for (const [method, path] of [
      ['GET', `/v1/printables/${id}`],
      ['GET', `/v1/courses/demo-pine-hollow/printables/${id}`],
      ['DELETE', `/v1/printables/${id}`],
    ]) {
      const refused = await call(method, path, stranger);
      expect([method, path, refused.status]).toEqual([method, path, 404]);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(((await refused.json()) as { code: string }).code).toBe('printable-not-found');
    }
    expect(await ids('/v1/printables', stranger)).toEqual([]);
    expect(await ids('/v1/courses/demo-pine-hollow/printables', stranger)).toEqual([]);

    expect((await call('DELETE', `/v1/printables/${id}`, owner)).status).toBe(204);
    expect((await call('DELETE', `/v1/printables/${id}`, owner)).status).toBe(204);
    expect((await call('GET', `/v1/printables/${id}`, owner)).status).toBe(404);
    expect((await fetch(book.links.zip)).status).toBe(404);
    expect((await fetch(book.links.pdf)).status).toBe(404);
    expect(await ids('/v1/printables')).toEqual([]);
  }, 60_000);

  it('npm run printables -- create renders through the same farm, draws a progress bar and writes the ZIP', () => {
    const out = join(dataDir, 'hole-3.zip');
    const args = ['create', '--course', 'demo-cedar-links', '--template', 'hole-sheet@1', '--option', 'hole=3', '--option', 'dpi=100', '--out', out];
    // two organizations exist: the CLI needs to be told whose printable it makes
    const ambiguous = runNode('apps/api/src/cli/printables.js', args, common, 60_000);
    expect(ambiguous.status).toBe(1);
    expect(ambiguous.stderr).toContain('organization-not-found');
    const unknownOption = runNode('apps/api/src/cli/printables.js', [...args, '--option', 'glitter=1', '--org', ownerOrganization], common, 60_000);
    expect(unknownOption.status).toBe(2);
    expect(unknownOption.stderr).toContain('unknown-printable-option');

    const made = runNode('apps/api/src/cli/printables.js', [...args, '--org', ownerOrganization], common, 120_000);
    expect(made.stderr).toMatch(/\[#+\] 1\/1 {2}rendered/);
    expect(made.status).toBe(0);
    const files = unzipSync(readFileSync(out));
    expect(Object.keys(files).sort()).toEqual(['manifest.json', 'pages/page-001.png', 'printable.pdf']);
    expect(JSON.parse(Buffer.from(files['manifest.json']).toString('utf8'))).toMatchObject({
      template: 'hole-sheet@1',
      courseId: 'demo-cedar-links',
      options: { hole: 3, dpi: 100 },
    });
  }, 180_000);

  it("the CLI's printable belongs to its organization", async () => {
    const listed = (await (await call('GET', '/v1/printables?courseId=demo-cedar-links', owner)).json()) as { items: { template: string; status: string }[] };
    expect(listed.items).toEqual([expect.objectContaining({ template: 'hole-sheet@1', status: 'ready' })]);
  });
});
