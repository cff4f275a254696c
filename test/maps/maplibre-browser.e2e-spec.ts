import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import Redis from 'ioredis';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { ApiKeyRegistry } from '@caddie/access';
import { courseRevision } from '@caddie/catalog';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { exited, freePort, REPO_ROOT, startNode, waitFor } from '../support/processes';
import { smallOsmCourse } from './small-course';
import { required } from '../support/requirements';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const MAPLIBRE_DIST = join(REPO_ROOT, 'node_modules/maplibre-gl/dist');
const VIEW = { width: 640, height: 480 };
const TILE_ROUTE_200 = /caddie_http_request_duration_seconds_count\{[^}]*route="[^"]*\/maps\/tiles\/:zoom\/:x\/:y"[^}]*status="200"[^}]*\}\s+(\d+)/g;

const haveChromium = required(`Chromium at ${CHROMIUM} (apt-get install chromium)`, existsSync(CHROMIUM));
const browserIt = haveChromium ? it : it.skip;

/** The page a customer would write: MapLibre from our own origin, the tile plan as a raster source, the key in a header. */
function pageHtml(config: { planUrl: string; apiOrigin: string; key: string; bounds: number[] }): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>course map</title>
<link rel="stylesheet" href="/maplibre/maplibre-gl.css">
<style>html, body { margin: 0; } #map { width: ${VIEW.width}px; height: ${VIEW.height}px; }</style>
</head><body><div id="map"></div>
<script id="config" type="application/json">${JSON.stringify(config)}</script>
<script type="module">
import { Map } from '/maplibre/maplibre-gl.mjs';
const config = JSON.parse(document.getElementById('config').textContent);
const state = (window.mapState = { errors: [], idle: false, tilesLoaded: false });
const map = new Map({
  container: 'map',
  style: {
    version: 8,
    sources: { course: { type: 'raster', url: config.planUrl, tileSize: 256 } },
    layers: [
      { id: 'paper', type: 'background', paint: { 'background-color': '#ffffff' } },
      { id: 'course', type: 'raster', source: 'course', paint: { 'raster-fade-duration': 0 } },
    ],
  },
  bounds: config.bounds,
  fadeDuration: 0,
  canvasContextAttributes: { preserveDrawingBuffer: true },
  // publishable key in a header, only towards the API (never in the URL)
  transformRequest: (url) => (url.startsWith(config.apiOrigin) ? { url, headers: { 'x-api-key': config.key } } : { url }),
});
map.on('error', (event) => state.errors.push(String(event.error?.message ?? event.error ?? event)));
map.on('idle', () => {
  state.tilesLoaded = map.areTilesLoaded() && map.isSourceLoaded('course');
  state.zoom = map.getZoom();
  state.idle = true;
});
</script></body></html>`;
}

const CONTENT_TYPES: Record<string, string> = { '.mjs': 'text/javascript', '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

/** A loopback static server: the page at /, MapLibre's dist files at /maplibre/. */
function startPageServer(port: number, html: () => string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html());
      return;
    }
    const name = normalize(path.replace(/^\/maplibre\//, '')).replace(/^(\.\.[/\\])+/, '');
    const file = join(MAPLIBRE_DIST, name);
    if (!path.startsWith('/maplibre/') || !file.startsWith(MAPLIBRE_DIST) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Sum of the API's counter of tile requests answered 200. */
async function tiles200(apiOrigin: string, operatorKey: string): Promise<number> {
  const text = await (await fetch(`${apiOrigin}/metrics`, { headers: { 'x-api-key': operatorKey } })).text();
  return [...text.matchAll(TILE_ROUTE_200)].reduce((sum, m) => sum + Number(m[1]), 0);
}

/**
 * Headless Chromium loads the tile plan (a TileJSON document) as a MapLibre raster source from a
 * page on another loopback origin, with a publishable key licensed for exactly that origin, and
 * draws the course: the built API and a render worker as separate processes, as in production.
 */
describe('course map in a browser (MapLibre in headless Chromium)', () => {
  const prefix = `maps-browser-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'caddie-maps-browser-'));
  const common = { DATA_DIR: dataDir, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' };
  const course = smallOsmCourse('demo-maps-browser');
  let apiOrigin = '';
  let pageOrigin = '';
  let key = '';
  let operatorKey = '';
  let plan: { bounds: number[]; minzoom: number; maxzoom: number; attribution: string; archive: { status: string } };
  let api: ReturnType<typeof startNode> | undefined;
  let worker: ReturnType<typeof startNode> | undefined;
  let pages: Server | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (!haveChromium) return;
    const [apiPort, pagePort] = [await freePort(), await freePort()];
    apiOrigin = `http://127.0.0.1:${apiPort}`;
    pageOrigin = `http://127.0.0.1:${pagePort}`;
    api = startNode('apps/api/src/main.js', { ...common, PORT: String(apiPort), PUBLIC_BASE_URL: apiOrigin, RENDER_WAIT_MS: '60000' });
    await waitFor(async () => (await fetch(`${apiOrigin}/health`).catch(() => null))?.ok ?? false, 60_000, 'the API');
    const db = await openDatabase({ dataDir });
    await new CourseStore(db).upsert(course, courseRevision(course));
    key = (await new ApiKeyRegistry(db, 'caddie').create({ name: 'map page', kind: 'pk_test', scopes: ['course-maps:read'], origins: [pageOrigin] })).key;
    operatorKey = (await new ApiKeyRegistry(db, 'caddie').create({ name: 'metrics', kind: 'test', scopes: ['operations:read'], grantedBy: 'operator' })).key;
    await db.destroy();
    worker = startNode('apps/render-worker/src/main.js', { ...common, WORKER_CONCURRENCY: '1' });
    // the first plan request starts the archive build; wait until it is stored
    const planUrl = `${apiOrigin}/v1/courses/${course.id}/maps/tiles`;
    await waitFor(
      async () => {
        const response = await fetch(planUrl, { headers: { 'x-api-key': key, origin: pageOrigin } });
        if (response.status !== 200) throw new Error(`tile plan answered ${response.status}: ${await response.text()}`);
        plan = (await response.json()) as typeof plan;
        return plan.archive.status === 'ready';
      },
      90_000,
      'the map archive',
    );
    pages = await startPageServer(pagePort, () => pageHtml({ planUrl, apiOrigin, key, bounds: plan.bounds }));
  }, 150_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    pages?.close();
    for (const p of [api, worker]) if (p && p.child.exitCode === null) p.child.kill('SIGTERM');
    await Promise.all([api, worker].map((p) => (p ? exited(p.child, 20_000).catch(() => undefined) : undefined)));
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }, 60_000);

  browserIt(
    'draws the course from the tile plan: tiles answered 200 and a screenshot that is not blank',
    async () => {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
      const page = await browser.newPage({ viewport: VIEW });
      const tileStatuses: number[] = [];
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      page.on('response', (response) => {
        if (/\/maps\/tiles\/\d+\/\d+\/\d+/.test(response.url()) && response.request().method() === 'GET') tileStatuses.push(response.status());
      });
      const before = await tiles200(apiOrigin, operatorKey);

      await page.goto(`${pageOrigin}/`);
      // idle: every visible tile loaded and drawn; an error (a refused plan or tile) ends the wait early
      await page.waitForFunction(
        () => {
          const state = (globalThis as unknown as { mapState?: { idle: boolean; errors: string[] } }).mapState;
          return state !== undefined && (state.idle || state.errors.length > 0);
        },
        null,
        { timeout: 60_000 },
      );
      const state = await page.evaluate(() => (globalThis as unknown as { mapState: { errors: string[]; tilesLoaded: boolean; zoom: number } }).mapState);
      const shot = await page.locator('#map').screenshot();
      if (process.env.MAPS_BROWSER_SCREENSHOT) writeFileSync(process.env.MAPS_BROWSER_SCREENSHOT, shot);

      expect(pageErrors).toEqual([]);
      expect(state.errors).toEqual([]);
      expect(state.tilesLoaded).toBe(true);
      expect(state.zoom).toBeGreaterThanOrEqual(plan.minzoom - 1);
      // every tile the browser asked for came back 200, and the API counted them
      expect(tileStatuses.length).toBeGreaterThan(0);
      expect(tileStatuses.every((s) => s === 200)).toBe(true);
      expect((await tiles200(apiOrigin, operatorKey)) - before).toBeGreaterThanOrEqual(tileStatuses.length);
      // MapLibre shows the plan's attribution
      expect(await page.locator('.maplibregl-ctrl-attrib').innerText()).toContain('OpenStreetMap');

      // not blank: many colours and real variance over the map, and most of it is not the white paper
      const { data, info } = await sharp(shot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([VIEW.width, VIEW.height]);
      const colours = new Set<number>();
      let painted = 0;
      let sum = 0;
      let sumSquares = 0;
      const pixels = info.width * info.height;
      for (let i = 0; i < data.length; i += 3) {
        const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
        colours.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
        if (r < 245 || g < 245 || b < 245) painted++;
        const luma = 0.299 * r + 0.587 * g + 0.114 * b;
        sum += luma;
        sumSquares += luma * luma;
      }
      const deviation = Math.sqrt(sumSquares / pixels - (sum / pixels) ** 2);
      console.info(
        `MapLibre drew ${tileStatuses.length} tiles at zoom ${state.zoom.toFixed(2)}: ${colours.size} distinct colours, ${((100 * painted) / pixels).toFixed(0)}% painted, luma deviation ${deviation.toFixed(1)}`,
      );
      expect(colours.size).toBeGreaterThanOrEqual(16);
      expect(painted / pixels).toBeGreaterThan(0.5);
      expect(deviation).toBeGreaterThan(5);
    },
    120_000,
  );
});
