import { createHash } from 'node:crypto';
import { ALIASES_DEPRECATED_AT } from '../../apps/api/src/platform/http/deprecation';
import type { AddressInfo } from 'node:net';
import type { INestApplicationContext } from '@nestjs/common';
import sharp from 'sharp';
import { courseRevision, type Course } from '@caddie/catalog';
import { lonLatToWorldPixel } from '@caddie/geometry';
import { TileType } from '@caddie/pmtiles';
import { CoursesService } from '../../apps/api/src/courses/courses.service';
import type { ArtifactStore } from '@caddie/artifacts';
import { mapArchiveKey, mapTileBlockKey, mapTileBlocks, mapTileKey } from '@caddie/jobs';
import { ARCHIVE_RECHECK_MS, MapArchivesService } from '../../apps/api/src/maps/map-archives.service';
import { REVISION_CACHE_MS } from '../../apps/api/src/maps/maps.service';
import { ARTIFACT_STORE } from '../../apps/api/src/platform/storage/artifact-store.provider';
import { referenceReader } from '../../libs/pmtiles/src/testing/reference-reader';
import { expectProblem, startApi, type ApiHarness } from '../support/api-harness';
import { fastLaneComparison } from '../support/fast-lane-comparison';
import { startRenderWorker } from '../support/render-worker-harness';
import { MapArchiveHandler } from '../../apps/render-worker/src/map-archive.handler';
import { smallOsmCourse } from './small-course';

// Several tests render their first tiles of the demo course on demand (about 6 s on this 2-core machine).
jest.setTimeout(30_000);

describe('course maps API with a render worker', () => {
  let api: ApiHarness;
  let worker: INestApplicationContext;
  let key: string;
  let course: Course;
  let revision: string;
  let plan: Record<string, any>;
  let archive: Buffer;

  beforeAll(async () => {
    // key verdicts cached as in production, so repeated tiles reach the fast lane
    api = await startApi({ env: { RENDER_WAIT_MS: '60000', API_KEY_CACHE_SECONDS: '30' } });
    course = smallOsmCourse();
    revision = courseRevision(course);
    await api.app.get(CoursesService).store.upsert(course, revision);
    key = (await api.createKey({ kind: 'live', scopes: ['course-maps:read'] })).key;
    worker = await startRenderWorker(api);
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await api?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => api.request({ method: 'GET', url, headers: { 'x-api-key': key, ...headers } });
  const base = () => `/v1/courses/${course.id}/maps`;
  /** The whole archive once built: the route waits RENDER_WAIT_MS, and a loaded machine may need longer (503 map-archive-building). */
  const builtArchive = async (url: string) => {
    for (let attempt = 0; ; attempt++) {
      const response = await get(url);
      if (response.statusCode !== 503 || attempt === 3) return response;
    }
  };

  it('needs a key with course-maps:read', async () => {
    expectProblem(await api.request({ method: 'GET', url: `${base()}/tiles` }), 401, 'missing-credential');
  });

  it('answers the tile plan with TileJSON members, and starts the archive build', async () => {
    const response = await get(`${base()}/tiles`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    plan = response.json();
    expect(plan).toMatchObject({
      service: 'course-maps',
      courseId: course.id,
      revision,
      tileSize: 256,
      format: 'webp',
      contentType: 'image/webp',
      zoom: 17,
      tilejson: '3.0.0',
      scheme: 'xyz',
      name: 'Short hole',
      attribution: '© OpenStreetMap contributors',
    });
    expect(['building', 'ready']).toContain(plan.archive.status);
    expect(plan.tiles).toEqual([plan.tileUrlTemplate]);
    expect(plan.tileUrlTemplate).toBe(`http://api.test${base()}/tiles/{z}/{x}/{y}?revision=${revision}&tileSize=256&format=webp`);
    expect(plan.minzoom).toBe(plan.coverage.minZoom);
    expect(plan.maxzoom).toBe(20);
    expect(plan.bounds).toEqual(plan.coverage.bounds);
    const [w, s, e, n] = plan.bounds;
    expect(w < e && s < n).toBe(true);
    expect(plan.center).toEqual([plan.coverage.center[0], plan.coverage.center[1], 17]);
    expect(plan.tileRanges.map((r: { zoom: number }) => r.zoom)).toEqual(Array.from({ length: plan.maxzoom - plan.minzoom + 1 }, (_, i) => plan.minzoom + i));
    expect(plan.zoomTiles).toEqual(plan.tileRanges.find((r: { zoom: number }) => r.zoom === 17));
    // every range covers the bounds at its zoom
    for (const r of plan.tileRanges) {
      const nw = lonLatToWorldPixel([w, n], r.zoom);
      expect([r.minX, r.minY]).toEqual([Math.floor(nw[0] / 256), Math.floor(nw[1] / 256)]);
      expect(r.tileCount).toBe((r.maxX - r.minX + 1) * (r.maxY - r.minY + 1));
    }
    expect(plan.coverage.tileCount).toBe(plan.tileRanges.reduce((sum: number, r: { tileCount: number }) => sum + r.tileCount, 0));
    expect(plan.staticMap.url).toContain(`/maps/static?bbox=${plan.bounds.join(',')}&zoom=`);
  });

  it('validates plan parameters and the revision pin', async () => {
    expectProblem(await get(`${base()}/tiles?zoom=23`), 400, 'invalid-parameter');
    expectProblem(await get(`${base()}/tiles?tileSize=300`), 400, 'invalid-parameter');
    expectProblem(await get(`${base()}/tiles?revision=sha256:abc`), 400, 'invalid-parameter');
    expectProblem(await get(`${base()}/tiles?revision=${'0'.repeat(64)}`), 409, 'stale-revision');
    const bare = await get(`${base()}/tiles?revision=${revision.slice(7)}&zoom=19&tileSize=512&format=png`);
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toMatchObject({ zoom: 19, tileSize: 512, format: 'png', contentType: 'image/png' });
    expectProblem(await get('/v1/courses/no-such-course/maps/tiles'), 404, 'course-not-found');
  });

  it('serves a tile from the archive with a strong ETag, 304 on If-None-Match, 404 outside coverage', async () => {
    // the archive route waits for the build (tiles do not: they are rendered on demand meanwhile)
    expect((await builtArchive(`${base()}/archive.pmtiles?revision=${revision}`)).statusCode).toBe(200);
    const r = plan.zoomTiles;
    const url = `${base()}/tiles/17/${r.minX}/${r.minY}?revision=${revision}`;
    const tile = await get(url);
    expect(tile.statusCode).toBe(200);
    expect(tile.headers['content-type']).toBe('image/webp');
    expect(tile.headers.etag).toMatch(/^"[0-9a-f]{24}\.[0-9a-z]+\.[0-9a-z]+"$/);
    const meta = await sharp(tile.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect((await get(url, { 'if-none-match': String(tile.headers.etag) })).statusCode).toBe(304);
    expectProblem(await get(`${base()}/tiles/17/${r.maxX + 1}/${r.minY}`), 404, 'tile-not-found');
    expectProblem(await get(`${base()}/tiles/${plan.maxzoom + 1}/0/0`), 404, 'tile-not-found');
    expectProblem(await get(`${base()}/tiles/23/0/0`), 400, 'invalid-parameter');
    expectProblem(await get(`${base()}/tiles/17/${r.minX}/${r.minY}?revision=${'1'.repeat(64)}`), 409, 'stale-revision');
  }, 300_000);

  it('answers a tile of a course whose archive is still building with 200 and the pixels the archive later serves', async () => {
    const cold = smallOsmCourse('demo-maps-cold-view');
    const coldRevision = courseRevision(cold);
    await api.app.get(CoursesService).store.upsert(cold, coldRevision);
    const store = api.app.get<ArtifactStore>(ARTIFACT_STORE);
    // hold the archive's assembly until the tiles below were answered, so the archive is certainly still building
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const assemble = MapArchiveHandler.prototype.assemble;
    const held = jest.spyOn(MapArchiveHandler.prototype, 'assemble').mockImplementation(async function (this: MapArchiveHandler, payload) {
      await gate;
      return assemble.call(this, payload);
    });
    const renderOne = jest.spyOn(MapArchiveHandler.prototype, 'renderOne');
    try {
      const coldPlan = (await get(`/v1/courses/${cold.id}/maps/tiles?zoom=19`)).json();
      expect(coldPlan.archive).toMatchObject({ status: 'building', sizeBytes: null, retryAfterSeconds: 5 });
      const r = coldPlan.zoomTiles;
      const url = `/v1/courses/${cold.id}/maps/tiles/19/${r.minX + 1}/${r.minY + 1}?revision=${coldRevision}`;
      // five viewers ask for the same tile at once: one render, one answer
      const first = await Promise.all(Array.from({ length: 5 }, () => get(url)));
      for (const response of first) {
        expect([response.statusCode, response.headers['content-type'], response.headers.etag]).toEqual([200, 'image/webp', first[0].headers.etag]);
        expect(response.rawPayload.equals(first[0].rawPayload)).toBe(true);
      }
      expect(renderOne).toHaveBeenCalledTimes(1);
      expect(first[0].headers.etag).toMatch(/^"t[0-9a-f]{24}"$/);
      expect((await get(url, { 'if-none-match': String(first[0].headers.etag) })).statusCode).toBe(304);
      expect(await store.head(mapArchiveKey(cold.id, coldRevision, 256, 'webp'))).toBeNull();
      // a static map while building is drawn from tiles rendered on demand, not refused until the archive exists
      const staticUrl = `/v1/courses/${cold.id}/maps/static?bbox=${coldPlan.bounds.join(',')}&zoom=19`;
      const staticWhileBuilding = await get(staticUrl);
      expect([staticWhileBuilding.statusCode, staticWhileBuilding.headers['content-type']]).toEqual([200, 'image/png']);
      expect(await store.head(mapArchiveKey(cold.id, coldRevision, 256, 'webp'))).toBeNull();
      expect((await get(`/v1/courses/${cold.id}/maps/tiles`)).json().archive.status).toBe('building');

      release();
      const built = await builtArchive(`/v1/courses/${cold.id}/maps/archive.pmtiles?revision=${coldRevision}`);
      expect(built.statusCode).toBe(200);
      const fromArchive = await referenceReader(built.rawPayload).getZxy(19, r.minX + 1, r.minY + 1);
      // the tile rendered on demand was a stand-in: deleted with the archive's blocks once the archive is stored
      const stand = { courseId: cold.id, courseRevision: coldRevision, tileSize: 256 as const, format: 'webp' as const };
      expect(await store.head(mapTileKey(stand, 19, r.minX + 1, r.minY + 1))).toBeNull();
      const blocks = mapTileBlocks(coldPlan.tileRanges);
      expect(blocks.length).toBeGreaterThan(coldPlan.tileRanges.length);
      expect((await Promise.all(blocks.map((b) => store.head(mapTileBlockKey(stand, b))))).filter(Boolean)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, ARCHIVE_RECHECK_MS + 100));
      const later = await get(url);
      expect(later.statusCode).toBe(200);
      // now read from the archive (its ETag names the tile's place in it), with the same pixels
      expect(later.headers.etag).toMatch(/^"[0-9a-f]{24}\.[0-9a-z]+\.[0-9a-z]+"$/);
      expect(Buffer.from(fromArchive!.data).equals(later.rawPayload)).toBe(true);
      const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
      expect((await pixels(later.rawPayload)).equals(await pixels(first[0].rawPayload))).toBe(true);
      expect(later.rawPayload.equals(first[0].rawPayload)).toBe(true);
      // the static map drawn from the archive has the same pixels as the one drawn while it was building
      const staticFromArchive = await get(staticUrl);
      expect(staticFromArchive.statusCode).toBe(200);
      expect((await pixels(staticFromArchive.rawPayload)).equals(await pixels(staticWhileBuilding.rawPayload))).toBe(true);
      expect(held).toHaveBeenCalled();
    } finally {
      release();
      held.mockRestore();
      renderOne.mockRestore();
    }
  }, 300_000);

  it('serves the archive whole: every tile reads back byte-identical with the pmtiles package', async () => {
    const response = await get(`${base()}/archive.pmtiles`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.etag).toMatch(/^"sha256:[0-9a-f]{64}"$/);
    archive = response.rawPayload;
    expect(Number(response.headers['content-length'])).toBe(archive.length);
    const reader = referenceReader(archive);
    const header = await reader.getHeader();
    expect(header).toMatchObject({
      specVersion: 3,
      tileType: TileType.Webp,
      tileCompression: 1,
      minZoom: plan.minzoom,
      maxZoom: plan.maxzoom,
      clustered: true,
    });
    expect(header.numAddressedTiles).toBe(plan.coverage.tileCount);
    const metadata = (await reader.getMetadata()) as Record<string, unknown>;
    expect(metadata).toMatchObject({ name: 'Short hole', attribution: '© OpenStreetMap contributors', courseId: course.id, revision, bounds: plan.bounds });
    expect(metadata.generator).toEqual(expect.stringContaining('caddie'));
    // every tile of every zoom through the API equals the archive's bytes as the reference reader sees them
    let checked = 0;
    for (const r of plan.tileRanges) {
      for (let y = r.minY; y <= r.maxY; y++) {
        for (let x = r.minX; x <= r.maxX; x++) {
          const reference = await reader.getZxy(r.zoom, x, y);
          expect(reference).toBeDefined();
          const served = await get(`${base()}/tiles/${r.zoom}/${x}/${y}?revision=${revision}`);
          expect(served.statusCode).toBe(200);
          expect(Buffer.from(reference!.data).equals(served.rawPayload)).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBe(plan.coverage.tileCount);
    console.info(`archive: ${checked} tiles z${plan.minzoom}-${plan.maxzoom}, ${archive.length} bytes, ${header.numTileContents} distinct contents`);
  }, 120_000);

  it('answers byte ranges: 206 in several forms, 416, If-Match, If-Range, stale revision', async () => {
    const url = `${base()}/archive.pmtiles`;
    const size = archive.length;
    const etag = `"sha256:${createHash('sha256').update(archive).digest('hex')}"`;
    const cases: [string, number, number][] = [
      ['bytes=0-126', 0, 126],
      ['bytes=100-', 100, size - 1],
      ['bytes=-500', size - 500, size - 1],
      [`bytes=${size - 10}-${size + 1000}`, size - 10, size - 1],
    ];
    for (const [range, start, end] of cases) {
      const response = await get(url, { range });
      expect(response.statusCode).toBe(206);
      expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(response.headers.etag).toBe(etag);
      expect(response.rawPayload.equals(archive.subarray(start, end + 1))).toBe(true);
    }
    const unsatisfiable = await get(url, { range: `bytes=${size}-` });
    expectProblem(unsatisfiable, 416, 'range-not-satisfiable');
    expect(unsatisfiable.headers['content-range']).toBe(`bytes */${size}`);
    expectProblem(await get(url, { 'if-match': '"sha256:0"' }), 412, 'precondition-failed');
    expect((await get(url, { 'if-match': etag, range: 'bytes=0-9' })).statusCode).toBe(206);
    // If-Range with another validator: the whole archive instead of the range
    const stale = await get(url, { 'if-range': '"other"', range: 'bytes=0-9' });
    expect([stale.statusCode, stale.rawPayload.length]).toEqual([200, size]);
    expect((await get(url, { 'if-range': etag, range: 'bytes=0-9' })).statusCode).toBe(206);
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    expectProblem(await get(`${url}?revision=${'2'.repeat(64)}`), 409, 'stale-revision');
    expect((await get(`${url}?revision=${revision}`, { range: 'bytes=0-0' })).statusCode).toBe(206);
  }, 60_000);

  it('draws a static map of the pixel-aligned box with 400 and 422 cases', async () => {
    const [w, s, e, n] = plan.bounds;
    const bbox = [w + (e - w) * 0.25, s + (n - s) * 0.25, e - (e - w) * 0.25, n - (n - s) * 0.25];
    const zoom = 18;
    const response = await get(`${base()}/static?bbox=${bbox.join(',')}&zoom=${zoom}&revision=${revision}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const nw = lonLatToWorldPixel([bbox[0], bbox[3]], zoom);
    const se = lonLatToWorldPixel([bbox[2], bbox[1]], zoom);
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', Math.ceil(se[0]) - Math.floor(nw[0]), Math.ceil(se[1]) - Math.floor(nw[1])]);
    expect(String(response.headers['x-caddie-map-bounds']).split(',')).toHaveLength(4);
    // the map itself comes from the tiles: its top-left pixels match the covering tile's
    const tx = Math.floor(nw[0] / 256);
    const ty = Math.floor(nw[1] / 256);
    const tile = await get(`${base()}/tiles/${zoom}/${tx}/${ty}`);
    const tilePx = await sharp(tile.rawPayload)
      .extract({ left: Math.floor(nw[0]) - tx * 256, top: Math.floor(nw[1]) - ty * 256, width: 1, height: 1 })
      .raw()
      .toBuffer();
    const mapPx = await sharp(response.rawPayload).extract({ left: 0, top: 0, width: 1, height: 1 }).removeAlpha().raw().toBuffer();
    expect([...mapPx]).toEqual([...tilePx.subarray(0, 3)]);

    expectProblem(await get(`${base()}/static?bbox=1,2,3&zoom=18`), 400, 'invalid-bbox');
    expectProblem(await get(`${base()}/static?bbox=${e},${s},${w},${n}&zoom=18`), 400, 'invalid-bbox');
    expectProblem(await get(`${base()}/static?bbox=${bbox.join(',')}`), 400, 'invalid-parameter');
    expectProblem(await get(`${base()}/static?bbox=${w - 1},${s},${e},${n}&zoom=18`), 422, 'static-map-too-large');
    expectProblem(await get(`${base()}/static?bbox=${plan.bounds[2] + 0.001},${s},${plan.bounds[2] + 0.002},${n}&zoom=18`), 422, 'bbox-outside-coverage');
    // A margin past the coverage is drawn, as empty paper beyond it (a hair past it too).
    const [cw, cs, ce, cn] = plan.bounds as number[];
    expect((await get(`${base()}/static?bbox=${cw - 1e-7},${cs},${ce},${cn + 1e-7}&zoom=${plan.minzoom}`)).statusCode).toBe(200);
    // West of the archive's westmost tile at that zoom: nothing there but paper.
    const range = plan.tileRanges.find((r: { zoom: number }) => r.zoom === plan.minzoom);
    const westOfTiles = (range.minX / 2 ** plan.minzoom) * 360 - 180 - 0.3 * (360 / 2 ** plan.minzoom);
    const wide = await get(`${base()}/static?bbox=${westOfTiles},${cs},${ce},${cn}&zoom=${plan.minzoom}`);
    expect(wide.statusCode).toBe(200);
    const drawn = await sharp(wide.rawPayload).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const row = Math.floor(drawn.info.height / 3);
    expect([...drawn.data.subarray(row * drawn.info.width * 3, row * drawn.info.width * 3 + 3)]).toEqual([255, 255, 255]);
    expectProblem(await get(`${base()}/static?bbox=${plan.bounds.join(',')}&zoom=${plan.minzoom - 1}`), 422, 'bbox-outside-coverage');
    const tooLarge = plan.tileRanges.find((r: { minX: number; maxX: number; minY: number; maxY: number }) => Math.max(r.maxX - r.minX, r.maxY - r.minY) >= 17);
    if (tooLarge) expectProblem(await get(`${base()}/static?bbox=${plan.bounds.join(',')}&zoom=${tooLarge.zoom}`), 422, 'static-map-too-large');
  }, 60_000);

  it('runs the tile route (a direct Fastify route) through the same access, validation and problem answers as every route', async () => {
    const r = plan.zoomTiles;
    const path = `${base()}/tiles/17/${r.minX}/${r.minY}`;
    const anonymous = await api.request({ method: 'GET', url: path });
    expect(expectProblem(anonymous, 401, 'missing-credential').instance).toBe(path);
    expect(anonymous.headers['x-request-id']).toBeTruthy();
    expect(anonymous.headers['ratelimit-policy']).toMatch(/;w=60$/);
    const wrongScope = (await api.createKey({ kind: 'live', scopes: ['courses:read'] })).key;
    expectProblem(await api.request({ method: 'GET', url: path, headers: { 'x-api-key': wrongScope } }), 403, 'insufficient-scope');
    expectProblem(await get(`${path}?key=${key}`), 401, 'credential-in-query');
    // refused input is explained by the declared schemas
    const badZoom = expectProblem(await get(`${base()}/tiles/abc/${r.minX}/${r.minY}`), 400, 'invalid-parameter');
    expect(badZoom.errors).toEqual([expect.objectContaining({ parameter: 'zoom', code: 'invalid-parameter' })]);
    expectProblem(await get(`${path}?style=pencil`), 400, 'unknown-parameter');
    expectProblem(await get(`${path}?format=jpeg`), 400, 'invalid-parameter');
    const png = await get(`${path}?format=png&tileSize=512`);
    expect([png.statusCode, png.headers['content-type'], png.headers['cache-control']]).toEqual([200, 'image/png', 'private, no-cache']);
    // other methods: 405 with Allow, from the route catalog
    const post = await api.request({ method: 'POST', url: path, headers: { 'x-api-key': key } });
    expectProblem(post, 405, 'method-not-allowed');
    expect(post.headers.allow).toBe('GET');
    // browsers: CORS preflight, and a publishable key only from its licensed origin
    const origin = 'https://maps.example';
    const preflight = await api.request({
      method: 'OPTIONS',
      url: path,
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    const publishable = (await api.createKey({ kind: 'pk_test', scopes: ['course-maps:read'], origins: [origin] })).key;
    const fromBrowser = await api.request({ method: 'GET', url: path, headers: { 'x-api-key': publishable, origin } });
    expect(fromBrowser.statusCode).toBe(200);
    expect(fromBrowser.headers['access-control-allow-origin']).toBe(origin);
    expect(String(fromBrowser.headers['access-control-expose-headers'])).toContain('ETag');
    expectProblem(
      await api.request({ method: 'GET', url: path, headers: { 'x-api-key': publishable, origin: 'https://other.example' } }),
      403,
      'origin-not-allowed',
    );
    // rate limited like every route
    const limited = (await api.createKey({ kind: 'live', scopes: ['course-maps:read'], rateLimitPerMinute: 2 })).key;
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await api.request({ method: 'GET', url: path, headers: { 'x-api-key': limited } }));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 429]);
    expect(answers.map((a) => a.headers['ratelimit-remaining'])).toEqual(['1', '0', '0']);
    expect(expectProblem(answers[2], 429, 'rate-limited')).toBeTruthy();
    expect(answers[2].headers['retry-after']).toBeTruthy();
    // documented and measured like every route
    const doc = (await api.request({ method: 'GET', url: '/v1/openapi.json' })).json();
    const operation = doc.paths['/v1/courses/{courseId}/maps/tiles/{zoom}/{x}/{y}'].get;
    expect(operation.operationId).toBe('getMapTile');
    expect(operation.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['courseId', 'format', 'revision', 'tileSize', 'x', 'y', 'zoom']);
    expect(doc.paths['/v1/maptiles/{courseId}/{zoom}/{x}/{y}'].get.deprecated).toBe(true);
    const operator = (await api.createKey({ kind: 'live', scopes: ['operations:read'] })).key;
    const metrics = (await api.request({ method: 'GET', url: '/metrics', headers: { 'x-api-key': operator } })).body;
    expect(metrics).toMatch(
      /caddie_http_request_duration_seconds_count\{method="GET",route="\/v1\/courses\/:courseId\/maps\/tiles\/:zoom\/:x\/:y",status="200"\} [1-9]/,
    );
  });

  it('answers a repeated tile from memory while the revision read behind it is fresh', async () => {
    const archives = api.app.get(MapArchivesService);
    expect((await builtArchive(`${base()}/archive.pmtiles?tileSize=512&format=png`)).statusCode).toBe(200);
    const lookups = jest.spyOn(archives, 'status');
    // The service's clock stands still between the requests, so that a slow first answer on a
    // loaded machine cannot age the revision read past REVISION_CACHE_MS before the repeat;
    // then it is moved past it.
    let clock = Date.now();
    const now = jest.spyOn(Date, 'now').mockImplementation(() => clock);
    try {
      const r = plan.tileRanges.find((t: { zoom: number }) => t.zoom === 18);
      const url = `${base()}/tiles/18/${r.maxX}/${r.maxY}?tileSize=512&format=png`;
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      expect(lookups).toHaveBeenCalledTimes(1);
      const again = await get(url);
      expect(lookups).toHaveBeenCalledTimes(1);
      expect([again.statusCode, again.headers.etag]).toEqual([200, first.headers.etag]);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      // once the revision read is older than REVISION_CACHE_MS, the tile is located again
      clock += REVISION_CACHE_MS + 100;
      expect((await get(url)).rawPayload.equals(first.rawPayload)).toBe(true);
      expect(lookups).toHaveBeenCalledTimes(2);
    } finally {
      now.mockRestore();
      lookups.mockRestore();
    }
  }, 300_000);

  it('keeps the deprecated aliases, marked deprecated with a link to the canonical route', async () => {
    const aliasPlan = await get(`/v1/maptiles/${course.id}`);
    expect(aliasPlan.statusCode).toBe(200);
    expect(aliasPlan.headers.deprecation).toBe(`@${ALIASES_DEPRECATED_AT}`);
    expect(aliasPlan.headers.deprecation).toMatch(/^@\d{10}$/);
    expect(aliasPlan.headers.link).toBe(`</v1/courses/${course.id}/maps/tiles>; rel="successor-version"`);
    expect(aliasPlan.json().tileUrlTemplate).toBe(plan.tileUrlTemplate);
    const r = plan.zoomTiles;
    const aliasTile = await get(`/v1/maptiles/${course.id}/17/${r.minX}/${r.minY}`);
    expect(aliasTile.statusCode).toBe(200);
    expect(aliasTile.headers.deprecation).toBe(`@${ALIASES_DEPRECATED_AT}`);
    expect(aliasTile.headers.link).toBe(`</v1/courses/${course.id}/maps/tiles/17/${r.minX}/${r.minY}>; rel="successor-version"`);
    const canonical = await get(`${base()}/tiles/17/${r.minX}/${r.minY}`);
    expect(aliasTile.rawPayload.equals(canonical.rawPayload)).toBe(true);
    expect(aliasTile.headers.etag).toBe(canonical.headers.etag);
  });

  it('builds the alias Link header from the encoded course id only: no second link, no control characters, no 500', async () => {
    for (const raw of ['x%3E%3B%20rel%3D%22preload%22%2C%20%3Chttps%3A%2F%2Fevil.example%3E', 'a%0D%0ASet-Cookie%3A%20x%3D1', 'a%00b', 'a%C4%80b']) {
      for (const path of [`/v1/maptiles/${raw}`, `/v1/maptiles/${raw}/17/1/1`]) {
        const response = await get(path);
        expect({ path, status: response.statusCode < 500, type: String(response.headers['content-type']) }).toEqual({
          path,
          status: true,
          type: expect.stringMatching(/problem\+json/),
        });
        const link = response.headers.link as string | undefined;
        // one link, its target a single percent-encoded path segment
        if (link !== undefined) expect(link).toMatch(/^<\/v1\/courses\/[A-Za-z0-9%._~!'()*-]+\/maps\/tiles(\/17\/1\/1)?>; rel="successor-version"$/);
      }
    }
  });

  it('answers repeated tiles in the fast lane on a real socket exactly as the full route does, and leaves the rest to it', async () => {
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(api.app.getHttpServer().address() as AddressInfo).port}`;
    const { fetchOnce: fetchTile, bothWays, laneAnswered, restore } = fastLaneComparison(origin, key);
    const operator = (await api.createKey({ kind: 'live', scopes: ['operations:read'] })).key;
    const metric = async () => {
      const text = await (await fetch(`${origin}/metrics`, { headers: { 'x-api-key': operator } })).text();
      const line = text
        .split('\n')
        .find((l) =>
          l.startsWith('caddie_http_request_duration_seconds_count{method="GET",route="/v1/courses/:courseId/maps/tiles/:zoom/:x/:y",status="200"}'),
        );
      return Number(line?.split(' ')[1] ?? 0);
    };
    try {
      const r = plan.zoomTiles;
      const pinned = `${base()}/tiles/17/${r.maxX}/${r.maxY}?revision=${revision}`;
      await fetchTile(pinned); // located and read once by the full route
      const countBefore = await metric();
      const { fast, requests } = await bothWays(pinned);
      expect(fast.status).toBe(200);
      expect(fast.headers['content-type']).toBe('image/webp');
      expect(fast.headers['cache-control']).toBe('private, max-age=86400, immutable');
      expect(fast.headers['access-control-expose-headers']).toBeUndefined();
      expect(fast.headers.vary).toBe('Origin');
      expect(await metric()).toBe(countBefore + requests);

      // a browser origin and a request id of the client's
      const browser = await bothWays(pinned, { origin: 'https://maps.example', 'x-request-id': 'client-id-1' });
      expect(browser.fast.headers['access-control-allow-origin']).toBe('https://maps.example');
      expect(browser.fast.headers['access-control-expose-headers']).toContain('RateLimit-Remaining');
      expect(browser.fast.headers['x-request-id']).toBe('client-id-1');
      // If-None-Match: 304 without a body
      const notModified = await bothWays(pinned, { 'if-none-match': fast.headers.etag });
      expect([notModified.fast.status, notModified.fast.body.length]).toEqual([304, 0]);
      // unpinned URL and the deprecated alias
      expect((await bothWays(`${base()}/tiles/17/${r.maxX}/${r.maxY}`)).fast.headers['cache-control']).toBe('private, no-cache');
      const alias = await bothWays(`/v1/maptiles/${course.id}/17/${r.maxX}/${r.maxY}?revision=${revision}`);
      expect(alias.fast.headers.link).toBe(`</v1/courses/${course.id}/maps/tiles/17/${r.maxX}/${r.maxY}>; rel="successor-version"`);
      expect(alias.fast.body.equals(fast.body)).toBe(true);

      // declined, and answered by the full route: no key, an encoded query, HEAD, a tile not seen before
      const anonymous = await fetch(`${origin}${pinned}`);
      expect([laneAnswered(), anonymous.status]).toEqual([false, 401]);
      const encoded = await fetchTile(pinned.replace('sha256:', 'sha256%3A'));
      expect([laneAnswered(), encoded.status, encoded.body.equals(fast.body)]).toEqual([false, 200, true]);
      const head = await fetchTile(pinned, {}, 'HEAD');
      expect([laneAnswered(), head.status, head.body.length]).toEqual([false, 200, 0]);
      // a tile no request has read yet (every 256 WebP tile was read above, and two of the 512 PNG archive)
      const unseen = `${base()}/tiles/17/${r.minX}/${r.maxY}?revision=${revision}&tileSize=512&format=png`;
      expect([(await fetchTile(unseen)).status, laneAnswered()]).toEqual([200, false]);
      expect((await bothWays(unseen)).fast.status).toBe(200);
    } finally {
      restore();
    }
  }, 60_000);

  it('notices a deleted archive within ARCHIVE_RECHECK_MS and builds it again', async () => {
    const store = api.app.get<ArtifactStore>(ARTIFACT_STORE);
    const key = mapArchiveKey(course.id, revision, 256, 'webp');
    const url = `${base()}/tiles/17/${plan.zoomTiles.minX}/${plan.zoomTiles.minY}?revision=${revision}`;
    const before = await get(url);
    expect(before.statusCode).toBe(200);
    await store.delete(key);
    await new Promise((resolve) => setTimeout(resolve, ARCHIVE_RECHECK_MS + 100));
    // the whole archive is read from the store, so a remembered but deleted archive would fail here
    const rebuilt = await builtArchive(`${base()}/archive.pmtiles?revision=${revision}`);
    expect(rebuilt.statusCode).toBe(200);
    expect(await store.head(key)).not.toBeNull();
    expect((await get(url)).rawPayload.equals(before.rawPayload)).toBe(true);
  }, 300_000);

  it('rejects the old revision once the course changes; a newer pin is never refused', async () => {
    const tile = (pin: string, z = 17) => get(`${base()}/tiles/${z}/${plan.zoomTiles.minX}/${plan.zoomTiles.minY}?revision=${pin}`);
    expect((await tile(revision)).statusCode).toBe(200);
    const changed: Course = { ...course, name: 'Short hole (renamed)' };
    await api.app.get(CoursesService).store.upsert(changed, courseRevision(changed));
    // the tile route remembers the revision briefly, but a pin it does not know is checked against the catalog
    expectProblem(await tile(courseRevision(changed), plan.maxzoom + 1), 404, 'tile-not-found');
    expectProblem(await tile(revision), 409, 'stale-revision');
    expectProblem(await get(`${base()}/tiles?revision=${revision}`), 409, 'stale-revision');
    expectProblem(await get(`${base()}/archive.pmtiles?revision=${revision}`), 409, 'stale-revision');
    expect((await get(`${base()}/tiles`)).json().revision).toBe(courseRevision(changed));
    // without such a pin, the remembered revision expires after REVISION_CACHE_MS
    const again: Course = { ...course, name: 'Short hole (renamed again)' };
    await api.app.get(CoursesService).store.upsert(again, courseRevision(again));
    await new Promise((resolve) => setTimeout(resolve, REVISION_CACHE_MS + 100));
    const stale = expectProblem(await tile(courseRevision(changed), plan.maxzoom + 1), 409, 'stale-revision');
    expect(stale.currentRevision).toBe(courseRevision(again));
  });
});
