import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import sharp from 'sharp';
import { courseRevision, generateDemoCourses, teeSetLengths } from '@caddie/catalog';
import { CourseStore, openDatabase } from '@caddie/persistence';
import { synthesizeScene } from '@caddie/synthesis';
import { createConsoleLink } from '../../apps/api/src/cli/console-link';
import { createDevelopmentKeyIfNone } from '../../apps/api/src/cli/dev-credentials';
import { smallOsmCourse } from '../maps/small-course';
import { FakeVisionProvider } from '../scorecards/fake-vision-provider';
import { DIST, exited, freePort, startNode, waitFor } from '../support/processes';
import { axeViolations, CHROMIUM, CHROMIUM_ARGS, collectErrors, explainFailure, haveChromium, shootBoth } from './console-browser';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A one-hole course whose map archive builds in seconds (the demo courses' take minutes on a busy machine). */
const MAP_COURSE = smallOsmCourse('demo-console-map');

const browserIt = haveChromium ? it : it.skip;
if (!existsSync(join(DIST, 'console', 'index.html'))) throw new Error('dist/console is missing: run npm run build first');

// browser globals inside page.evaluate() callbacks (this file compiles without the DOM library)
declare const document: any;
declare const navigator: any;

const sha = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The overlay layer as the test reads it in the page (the test project has no DOM types). */
interface OverlayCanvas {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
}

/** The console's sign-in, session and pages against the built API and a render worker. */
describe('Caddie Console', () => {
  const prefix = `console-e2e-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'caddie-console-'));
  const common = { DATA_DIR: dataDir, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'warn' };
  let origin = '';
  let apiKey = '';
  let api: ReturnType<typeof startNode> | undefined;
  let worker: ReturnType<typeof startNode> | undefined;
  let scorecardWorker: ReturnType<typeof startNode> | undefined;
  let browser: Browser | undefined;
  // the handwriting reader of the scorecard worker: a loopback vision provider answering per cell id
  const vision = new FakeVisionProvider();

  /** A fresh one-time sign-in link for the development organization. */
  async function link(): Promise<string> {
    const db = await openDatabase({ dataDir });
    try {
      return (await createConsoleLink(db, origin)).url;
    } finally {
      await db.destroy();
    }
  }

  /** Signs in through a link without a browser; returns the session cookie and its CSRF token. */
  async function signIn(): Promise<{ cookie: string; csrf: string }> {
    const response = await fetch(await link(), { redirect: 'manual' });
    expect(response.status).toBe(303);
    const cookie = response.headers.get('set-cookie')!.split(';')[0];
    const session = (await (await fetch(`${origin}/console/api/session`, { headers: { cookie } })).json()) as { csrfToken: string };
    return { cookie, csrf: session.csrfToken };
  }

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const db = await openDatabase({ dataDir });
    const store = new CourseStore(db);
    for (const course of [...generateDemoCourses(), MAP_COURSE]) await store.upsert(course, courseRevision(course));
    apiKey = (await createDevelopmentKeyIfNone(db, 'caddie'))!;
    await db.destroy();
    api = startNode('apps/api/src/main.js', { ...common, PORT: String(port), PUBLIC_BASE_URL: origin, RENDER_WAIT_MS: '60000' });
    worker = startNode('apps/render-worker/src/main.js', { ...common, WORKER_CONCURRENCY: '2' });
    await vision.start();
    scorecardWorker = startNode('apps/scorecard-worker/src/main.js', {
      ...common,
      WORKER_CONCURRENCY: '1',
      SCORECARD_READER: 'http-vision',
      SCORECARD_VISION_URL: vision.url,
      SCORECARD_VISION_API_KEY: 'sk-test-console',
      SCORECARD_VISION_MODEL: 'fake-vision-1',
    });
    await waitFor(async () => (await fetch(`${origin}/health`).catch(() => null))?.ok ?? false, 60_000, 'the API');
    // the first tile plan request starts the course map archive build
    const plan = await fetch(`${origin}/v1/courses/${MAP_COURSE.id}/maps/tiles`, { headers: { 'x-api-key': apiKey } });
    expect(plan.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    for (const p of [api, worker, scorecardWorker]) if (p && p.child.exitCode === null) p.child.kill('SIGTERM');
    await vision.stop().catch(() => undefined);
    await Promise.all([api, worker, scorecardWorker].map((p) => (p ? exited(p.child, 20_000).catch(() => undefined) : undefined)));
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }, 60_000);

  it('a sign-in link works once, sets an HttpOnly SameSite=Strict cookie scoped to /console and redirects to a URL without the token', async () => {
    const url = await link();
    const first = await fetch(url, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/console/');
    const cookie = first.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^caddie_console=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/console;');
    const session = await fetch(`${origin}/console/api/session`, { headers: { cookie: cookie.split(';')[0] } });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { organization: { name: string } }).organization.name).toBe('Development organization');

    const again = await fetch(url, { redirect: 'manual' });
    expect(again.status).toBe(401);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(((await again.json()) as { code: string }).code).toBe('console-sign-in-invalid');
    // a made-up token of the right shape is refused the same way
    const forged = await fetch(`${origin}/console/sign-in?token=${randomBytes(32).toString('base64url')}`, { redirect: 'manual' });
    expect(forged.status).toBe(401);
  });

  it('every /v1 route refuses the session cookie as a credential (with or without the CSRF token)', async () => {
    const { cookie, csrf } = await signIn();
    const document = (await (await fetch(`${origin}/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { security?: unknown[]; operationId: string }>>;
    };
    const checked: string[] = [];
    for (const [template, operations] of Object.entries(document.paths)) {
      const path = template.replace(/\{courseId\}/g, 'demo-pine-hollow').replace(/\{[^}]+\}/g, '1');
      for (const [method, operation] of Object.entries(operations)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const withSession = await fetch(`${origin}${path}`, { method: method.toUpperCase(), headers: { cookie, 'x-csrf-token': csrf } });
        if (operation.security && operation.security.length === 0) {
          // a public route answers exactly as it does without the cookie
          const without = await fetch(`${origin}${path}`, { method: method.toUpperCase() });
          expect(`${operation.operationId} ${withSession.status}`).toBe(`${operation.operationId} ${without.status}`);
        } else {
          const body = (await withSession.json()) as { code: string };
          expect(`${operation.operationId} ${withSession.status} ${body.code}`).toBe(`${operation.operationId} 401 missing-credential`);
        }
        checked.push(operation.operationId);
      }
    }
    console.info(`session cookie refused by ${checked.length} /v1 operations`);
    expect(checked.length).toBeGreaterThan(20);
  }, 120_000);

  it('state-changing console calls without the CSRF token are refused; with it they work; sign-out ends the session', async () => {
    const { cookie, csrf } = await signIn();
    const createKey = (headers: Record<string, string>) =>
      fetch(`${origin}/console/api/keys`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ name: 'csrf test', kind: 'test', scopes: ['courses:read'] }),
      });
    for (const headers of [{} as Record<string, string>, { 'x-csrf-token': 'wrong' }, { 'x-csrf-token': csrf.slice(0, -1) }]) {
      const refused = await createKey(headers);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe('console-csrf-failed');
    }
    // the scorecard uploads and the printable calls too
    for (const path of ['scorecards/normalize', 'scorecards/process', 'scorecards/drafts', 'printables/compile', 'printables']) {
      const form = new FormData();
      form.append('image', new Blob([Buffer.from('not a photo')], { type: 'image/jpeg' }), 'card.jpg');
      const json = { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ courseId: 'demo-cedar-links', template: 'scorecard@1' }) };
      const { headers, body } = path.endsWith('normalize') || path.endsWith('process') ? { headers: {}, body: form } : json;
      const refused = await fetch(`${origin}/console/api/${path}`, {
        method: 'POST',
        headers: { cookie, 'idempotency-key': 'console-csrf-test', ...headers },
        body,
      });
      expect(`${path} ${refused.status} ${((await refused.json()) as { code: string }).code}`).toBe(`${path} 403 console-csrf-failed`);
    }
    const outWithout = await fetch(`${origin}/console/api/sign-out`, { method: 'POST', headers: { cookie } });
    expect(outWithout.status).toBe(403);

    const created = await createKey({ 'x-csrf-token': csrf });
    expect(created.status).toBe(201);
    const { key, summary } = (await created.json()) as { key: string; summary: { id: string } };
    expect((await fetch(`${origin}/v1/courses/bulk-ids`, { headers: { 'x-api-key': key } })).status).toBe(200);
    const revokeWithout = await fetch(`${origin}/console/api/keys/${summary.id}`, { method: 'DELETE', headers: { cookie } });
    expect(revokeWithout.status).toBe(403);
    expect((await fetch(`${origin}/console/api/keys/${summary.id}`, { method: 'DELETE', headers: { cookie, 'x-csrf-token': csrf } })).status).toBe(204);
    expect((await fetch(`${origin}/v1/courses/bulk-ids`, { headers: { 'x-api-key': key } })).status).toBe(401);

    const out = await fetch(`${origin}/console/api/sign-out`, { method: 'POST', headers: { cookie, 'x-csrf-token': csrf } });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    const after = await fetch(`${origin}/console/api/courses`, { headers: { cookie } });
    expect(after.status).toBe(401);
    expect(((await after.json()) as { code: string }).code).toBe('console-session-required');
    // no cookie at all
    expect((await fetch(`${origin}/console/api/courses`)).status).toBe(401);
  });

  browserIt(
    'signs in through a link and uses every page: courses, map, course, graphics studio, keys; no console errors; no serious axe violations',
    async () => {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
      const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      const page = await context.newPage();
      const errors = collectErrors(page);
      const shoot = (name: string) => shootBoth(page, name);

      try {
        await useEveryPage(page, context, errors, shoot);
      } catch (error) {
        throw await explainFailure(page, errors, error, 'failure.png');
      }
    },
    600_000,
  );

  browserIt(
    'scorecards: downloads a printable card, reads a photo, draws each cell decision on the normalized page, corrects the flagged cell into the round draft',
    async () => {
      browser ??= await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
      const page = await context.newPage();
      const errors = collectErrors(page);
      // a card of the course filled in with MNIST training digits and photographed; the loopback reader reads
      // what was written, except hole 3's score, which it reads 20 strokes too high: out of range, so flagged
      const cedar = generateDemoCourses().find((c) => c.id === 'demo-cedar-links')!;
      const scene = await synthesizeScene(3, {
        course: cedar,
        clean: true,
        handwriting: true,
        width: 1600,
        height: 1200,
        pageCount: 1,
        captureIds: ['M9H1/front-nine-page'],
      });
      const written = new Map(scene.truth.pages[0].handwriting.map((f) => [`${f.row}.${f.field}`, f.value]));
      const hole3 = written.get('hole-3.score');
      expect(typeof hole3).toBe('number');
      vision.mode = { kind: 'read', digits: (id) => (id === 'hole-3.score' ? String(hole3! + 20) : written.has(id) ? String(written.get(id)) : '') };
      const photo = join(dataDir, 'filled-card.jpg');
      const { data, width, height, channels } = scene.image;
      writeFileSync(
        photo,
        await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels } })
          .jpeg({ quality: 92 })
          .toBuffer(),
      );
      try {
        await page.goto(await link());
        await page.getByRole('link', { name: 'Scorecards' }).click();

        // the printable card of the selected course and design
        await page.getByLabel('Course').selectOption('demo-cedar-links');
        await page.getByLabel('Card design').selectOption('M9H1');
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('card-download').click()]);
        const pdf = readFileSync(await download.path());
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        expect(pdf.length).toBeGreaterThan(5_000);
        expect(download.suggestedFilename()).toBe('demo-cedar-links-M9H1.pdf');

        // upload: a problem document is shown for a file that is not a photo
        const notPhoto = join(dataDir, 'not-a-photo.jpg');
        writeFileSync(notPhoto, 'not an image at all');
        await page.getByLabel(/^Scorecard photo/).setInputFiles(notPhoto);
        await page.getByRole('button', { name: 'Read the photo' }).click();
        const refusal = await page.getByRole('alert').innerText();
        expect(refusal.length).toBeGreaterThan(20);
        // the refused upload is the only failed answer (and the browser's log line about it)
        expect(
          errors.splice(0).filter((e) => !/^answer 4\d\d POST .*\/console\/api\/scorecards\/normalize$|^console: Failed to load resource: .* 4\d\d/.test(e)),
        ).toEqual([]);

        await page.getByLabel(/^Scorecard photo/).setInputFiles(photo);
        await page.getByRole('button', { name: 'Read the photo' }).click();
        await page.getByTestId('scorecard-result').waitFor({ timeout: 180_000 });
        const overlay = page.getByTestId('scorecard-overlay');
        await page.waitForFunction(
          () => {
            const img = document.querySelector('[data-testid=scorecard-overlay] img');
            return Boolean(img && img.complete && img.naturalWidth > 0);
          },
          null,
          { timeout: 30_000 },
        );
        const cells = await overlay
          .locator('[data-decision]')
          .evaluateAll((nodes: { dataset: { field: string; decision: string }; getBoundingClientRect(): { width: number; height: number } }[]) =>
            nodes.map((n) => ({
              field: n.dataset.field,
              decision: n.dataset.decision,
              width: n.getBoundingClientRect().width,
              height: n.getBoundingClientRect().height,
            })),
          );
        // 9 holes x (score, putts) + totals (score, putts), every box with an area on the page
        expect(cells).toHaveLength(20);
        for (const cell of cells) expect(cell.width * cell.height).toBeGreaterThan(50);
        const flagged = cells.filter((c) => c.decision === 'NEEDS_REVIEW').map((c) => c.field);
        expect(flagged).toContain('hole-3.score');
        expect(cells.filter((c) => c.decision === 'ACCEPTED').length).toBeGreaterThan(10);
        console.info(`scorecard overlay: ${cells.length} cells, flagged ${flagged.join(', ')}`);
        // the draft as read leaves hole 3 to review
        expect(await page.getByTestId('round-draft').innerText()).toMatch(/holes still to review: 3/);
        const accessibility = await axeViolations(page);
        await shootBoth(page, 'scorecards');

        // a value the field does not accept is refused with the problem's title and detail
        const input = page.getByLabel('hole-3.score', { exact: true });
        await input.fill('42');
        await page.getByRole('button', { name: 'Apply corrections' }).click();
        await page.getByText('Correction not valid').waitFor();
        expect(await page.getByTestId('review-fields').getByRole('alert').innerText()).toContain('hole-3.score');
        const badCorrection = errors.splice(0);
        expect(badCorrection).toContain(`answer 400 POST ${origin}/console/api/scorecards/drafts`);
        expect(badCorrection.filter((e) => !/^answer 400 POST|^console: Failed to load resource: .* 400/.test(e))).toEqual([]);

        // corrected by keyboard: the field, its value, Enter submits
        await input.focus();
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type(String(hole3));
        // any other flagged field (a cross-check) is confirmed with what was written
        for (const id of flagged.filter((f) => f !== 'hole-3.score')) await page.getByLabel(id, { exact: true }).fill(String(written.get(id) ?? ''));
        await input.press('Enter');
        await page.getByText('Corrected round draft').waitFor();
        const draft = await page.getByTestId('round-draft').innerText();
        expect(draft).toContain('no hole left to review');
        // the corrected draft holds every written hole score, hole 3 as corrected
        const holes = await page.getByTestId('round-draft').locator('thead th[scope=col]').allInnerTexts();
        const scores = await page.getByTestId('round-draft').locator('tbody td').allInnerTexts();
        const expected = [...written].filter(([id, v]) => /^hole-\d+\.score$/.test(id) && v !== null).map(([id, v]) => [id.slice(5, -6), String(v)]);
        expect(holes.map((h, i) => [h, scores[i]])).toEqual(expected.sort((a, b) => Number(a[0]) - Number(b[0])));
        accessibility.push(...(await axeViolations(page)));
        await shootBoth(page, 'scorecards-corrected');
        expect(accessibility).toEqual([]);
        expect(errors).toEqual([]);
      } catch (error) {
        throw await explainFailure(page, errors, error, 'scorecards-failure.png');
      } finally {
        await context.close();
      }
    },
    400_000,
  );

  browserIt(
    'printables: compiles a preview, creates a printable with progress, lists, downloads and deletes it',
    async () => {
      browser ??= await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 60_000 });
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const errors = collectErrors(page);
      try {
        await page.goto(await link());
        await page.getByRole('link', { name: 'Printables' }).click();
        await page.getByLabel('Course').selectOption('demo-cedar-links');
        await page.getByLabel('Template').selectOption('scorecard@1');
        await page.getByLabel('design', { exact: true }).selectOption('M9H1');
        await page.getByRole('button', { name: 'Compile a preview' }).click();
        await page.getByTestId('printable-preview').first().waitFor({ timeout: 60_000 });
        const preview = await page
          .getByTestId('printable-preview')
          .first()
          .evaluate((img: { naturalWidth: number; naturalHeight: number }) => [img.naturalWidth, img.naturalHeight]);
        expect(preview[0] * preview[1]).toBeGreaterThan(10_000);
        const accessibility = await axeViolations(page);

        await page.getByRole('button', { name: 'Create the printable' }).click();
        await page.waitForFunction(() => document.querySelector('[data-testid=printable-progress]')?.getAttribute('data-status') === 'ready', null, {
          timeout: 240_000,
        });
        expect(await page.getByTestId('printable-progress').innerText()).toMatch(/ready, (\d+) of \1 page\(s\) rendered/);
        const pdfUrl = (await page.getByTestId('printable-pdf').getAttribute('href'))!;
        const pdf = Buffer.from(await (await fetch(new URL(pdfUrl, origin))).arrayBuffer());
        expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
        const rows = page.getByTestId('printables-list').locator('tbody tr');
        await page.waitForFunction(() => /ready/.test(document.querySelector('[data-testid=printables-list] tbody tr')?.textContent ?? ''));
        const before = await rows.count();
        expect(await rows.first().innerText()).toMatch(/Cedar Links\s+scorecard@1\s+ready/);
        accessibility.push(...(await axeViolations(page)));
        await shootBoth(page, 'printables');

        page.once('dialog', (dialog) => void dialog.accept());
        await page
          .getByRole('button', { name: /^Delete the scorecard@1 of Cedar Links/ })
          .first()
          .click();
        await page.waitForFunction(
          (n) =>
            document.querySelectorAll('[data-testid=printables-list] tbody tr').length === n - 1 ||
            (n === 1 && !document.querySelector('[data-testid=printables-list]')),
          before,
        );
        expect((await fetch(new URL(pdfUrl, origin))).status).toBeGreaterThanOrEqual(400);
        expect(accessibility).toEqual([]);
        expect(errors).toEqual([]);
      } catch (error) {
        throw await explainFailure(page, errors, error, 'printables-failure.png');
      } finally {
        await context.close();
      }
    },
    400_000,
  );

  async function useEveryPage(page: Page, context: BrowserContext, errors: string[], shoot: (name: string) => Promise<void>): Promise<void> {
    const accessibility: Record<string, string[]> = {};
    // sign in: the link's token is exchanged and gone from the address bar
    await page.goto(await link());
    expect(page.url()).toBe(`${origin}/console/`);
    expect(await context.cookies()).toEqual([expect.objectContaining({ name: 'caddie_console', httpOnly: true, sameSite: 'Strict', path: '/console' })]);
    expect(await page.evaluate(() => document.cookie)).toBe('');

    // courses: find a demo course by searching the directory
    await page.getByLabel('Search courses').fill('cedar');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=course-list] li').length === 1);
    const listed = await page.getByTestId('course-list').locator('li').allInnerTexts();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toContain('Cedar Links');
    // the map draws a labelled marker for each listed course; a click beside it searches nearby
    await page.getByTestId('courses-map').getByRole('link', { name: 'Cedar Links' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('courses-map').getByRole('link').count()).toBe(1);
    const mapBox = (await page.getByTestId('courses-map').boundingBox())!;
    const marker = await page.evaluate(() => {
      const map = (globalThis as unknown as { consoleMap: { project(p: [number, number]): { x: number; y: number } } }).consoleMap;
      return map.project([-121.1968, 44.2934]);
    });
    await page.mouse.click(mapBox.x + marker.x + 3, mapBox.y + marker.y + 3);
    await page.getByTestId('nearby').getByText('Cedar Links').waitFor({ timeout: 30_000 });
    accessibility.courses = await axeViolations(page);
    await shoot('courses');

    // course page: holes and the course map from its TileJSON
    await page.getByTestId('course-list').getByRole('link', { name: 'Cedar Links' }).click();
    await page.getByTestId('holes').waitFor();
    // its cells but the hole's picture (a canvas, drawn once the map has its tiles)
    const firstHole = await page.getByTestId('holes').locator('tbody tr').first().locator('th, td:not([data-testid$="-picture"])').allInnerTexts();
    // the row says what the course data says: hole 1's name, par, stroke index and each tee set's length
    const cedarCourse = generateDemoCourses().find((c) => c.id === 'demo-cedar-links')!;
    const hole1 = cedarCourse.holes.find((h) => h.number === 1)!;
    const lengths = teeSetLengths(
      hole1,
      cedarCourse.teeSets.map((t) => t.id),
    );
    const yards = cedarCourse.teeSets.map((t) => String(lengths[t.id]?.yards ?? '—'));
    expect(firstHole.map((cell) => cell.trim()).slice(0, 4 + yards.length)).toEqual([
      '1',
      hole1.name ?? '',
      String(hole1.par),
      String(hole1.handicap),
      ...yards,
    ]);
    accessibility.course = await axeViolations(page);
    await shoot('course');

    // graphics studio: three options change the preview's pixels
    await page.getByRole('link', { name: 'Open in the graphics studio' }).click();
    const previewBytes = async () => {
      await page.waitForFunction(() => /^Cache state/.test(document.querySelector('[data-testid=preview-state]')?.textContent ?? ''), null, {
        timeout: 120_000,
      });
      const base64 = await page.evaluate(async () => {
        const img = document.querySelector('[data-testid=preview]') as { src: string };
        const bytes = new Uint8Array(await (await fetch(img.src)).arrayBuffer());
        let text = '';
        for (const b of bytes) text += String.fromCharCode(b);
        return btoa(text);
      });
      return Buffer.from(base64, 'base64');
    };
    const before = await previewBytes();
    accessibility.studio = await axeViolations(page);
    await page.getByLabel(/paperTheme/).selectOption('dark');
    await page.getByLabel(/fairwayPattern/).selectOption('large-checks');
    await page.getByLabel(/greenery/).selectOption('warm-golden');
    await page.waitForFunction(() =>
      /paperTheme=dark.*greenery=warm-golden|greenery=warm-golden.*paperTheme=dark/.test(document.querySelector('[data-testid=get-url]')?.textContent ?? ''),
    );
    await page
      .waitForFunction(() => document.querySelector('[data-testid=preview-state]')?.textContent === 'Rendering…', null, { timeout: 10_000 })
      .catch(() => undefined);
    const after = await previewBytes();
    const [a, b] = await Promise.all([before, after].map((img) => sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true })));
    expect([a.info.width, a.info.height]).toEqual([b.info.width, b.info.height]);
    let differing = 0;
    for (let i = 0; i < a.data.length; i += 3)
      if (Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]) > 30) differing++;
    console.info(
      `three options changed ${((100 * differing) / (a.info.width * a.info.height)).toFixed(1)}% of the ${a.info.width}x${a.info.height} preview pixels`,
    );
    expect(differing / (a.info.width * a.info.height)).toBeGreaterThan(0.2);

    // one overlay, resolved from the preview render's receipt, is drawn on a canvas of the render's size over the preview
    await page.getByLabel('hole-centerline', { exact: true }).check();
    await page.waitForFunction(
      () => {
        const canvas = document.querySelector('[data-testid=overlay-layer]') as unknown as OverlayCanvas | null;
        return Boolean(
          canvas &&
          canvas.width > 0 &&
          canvas
            .getContext('2d')
            .getImageData(0, 0, canvas.width, canvas.height)
            .data.some((v: number, i: number) => i % 4 === 3 && v > 0),
        );
      },
      null,
      { timeout: 60_000 },
    );
    const layer = await page.evaluate(() => {
      const canvas = document.querySelector('[data-testid=overlay-layer]') as unknown as OverlayCanvas;
      const alpha = canvas
        .getContext('2d')
        .getImageData(0, 0, canvas.width, canvas.height)
        .data.filter((_: number, i: number) => i % 4 === 3);
      return { width: canvas.width, height: canvas.height, painted: alpha.filter((v: number) => v > 0).length };
    });
    console.info(`the hole-centerline overlay painted ${layer.painted} of the ${layer.width}x${layer.height} overlay pixels`);
    expect([layer.width, layer.height]).toEqual([a.info.width, a.info.height]);
    expect(layer.painted).toBeGreaterThan(200);
    expect(await page.getByTestId('overlay-state').innerText()).toMatch(/^Overlays drawn: hole-centerline \(\d+ instructions?\)$/);
    accessibility.studio.push(...(await axeViolations(page)));
    await shoot('studio');

    // the copied GET URL answers the same image to a request with an API key
    await page.getByRole('button', { name: 'Copy the GET URL' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await page.getByTestId('get-url').innerText());
    expect(copied.startsWith(`${origin}/v1/courses/demo-cedar-links/graphics/images/`)).toBe(true);
    expect(copied).not.toMatch(/key|token/i);
    const direct = await fetch(copied, { headers: { 'x-api-key': apiKey } });
    expect(direct.status).toBe(200);
    expect(sha(Buffer.from(await direct.arrayBuffer()))).toBe(sha(after));
    const body = JSON.parse(await page.getByTestId('post-body').innerText()) as { subject: { type: string }; style: Record<string, unknown> };
    expect(body.style).toMatchObject({ graphicStyle: 'traditional', paperTheme: 'dark', fairwayPattern: 'large-checks', greenery: 'warm-golden' });

    // a course map drawn from its TileJSON
    await page.goto(`${origin}/console/course.html?id=${MAP_COURSE.id}`);
    await page.waitForFunction(() => document.querySelector('[data-testid=course-map]')?.getAttribute('data-state') === 'ready', null, { timeout: 300_000 });
    const mapShot = await page.getByTestId('course-map').screenshot();
    const { data } = await sharp(mapShot).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 3) colours.add(((data[i] >> 3) << 10) | ((data[i + 1] >> 3) << 5) | (data[i + 2] >> 3));
    expect(colours.size).toBeGreaterThan(32);
    accessibility.courseMap = await axeViolations(page);
    await shoot('course-map');

    // keys: create one (shown once), then revoke it
    await page.getByRole('link', { name: 'Keys and usage' }).click();
    await page.getByLabel('Name').fill('browser key');
    await page.getByLabel('courses:read').check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const plaintext = await page.getByTestId('new-key').innerText();
    expect((await fetch(`${origin}/v1/courses/bulk-ids`, { headers: { 'x-api-key': plaintext.trim() } })).status).toBe(200);
    // the studio's renders were cache misses of this organization: the usage section counts them
    expect(Number(await page.getByTestId('render-count').locator('strong').innerText())).toBeGreaterThan(0);
    accessibility.keys = await axeViolations(page);
    await shoot('keys');
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Revoke browser key' }).click();
    await page
      .getByRole('row', { name: /browser key/ })
      .getByText(/revoked \d{4}-/)
      .waitFor();
    expect((await fetch(`${origin}/v1/courses/bulk-ids`, { headers: { 'x-api-key': plaintext.trim() } })).status).toBe(401);

    // sign out: the pages then say how to sign in again (the session call answers 401 from here on, as it should)
    const beforeSignOut = errors.length;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('Sign in with a one-time link').waitFor();
    await page.reload();
    await page.getByText('Console session required').waitFor();
    accessibility.signedOut = await axeViolations(page);
    const afterSignOut = errors.splice(beforeSignOut);
    expect(afterSignOut.filter((e) => !/401/.test(e))).toEqual([]);

    expect(accessibility).toEqual({ courses: [], course: [], studio: [], courseMap: [], keys: [], signedOut: [] });
    expect(errors).toEqual([]);
  }
});
