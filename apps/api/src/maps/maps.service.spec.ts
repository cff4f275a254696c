import { courseRevision, generateDemoCourses, type Course } from '@caddie/catalog';
import { courseTileCoverage } from '@caddie/renderer';
import type { ApiConfig } from '../platform/config/api-config';
import type { CoursesService } from '../courses/courses.service';
import type { MapArchivesService, OpenArchive, TileRef } from './map-archives.service';
import { MapsService, REVISION_CACHE_MS, REVISION_READ_AHEAD_MS, type TileQuery } from './maps.service';

/**
 * The in-memory tile path of MapsService against a fake catalog and archive store, on a clock the
 * test moves: which requests read the catalog and locate tiles again, and which are answered from memory.
 */
describe('MapsService tiles from memory', () => {
  const course: Course = { ...generateDemoCourses()[1], id: 'memo-course' };
  let revision = courseRevision(course);
  let now = 1_000_000;
  let summaryReads: number;
  let pendingReads: (() => void)[];
  let holdReads: boolean;
  let locates: number;
  let service: MapsService;
  const z = courseTileCoverage(course).maxZoom;
  const range = courseTileCoverage(course).ranges.find((r) => r.zoom === z)!;
  const query: TileQuery = { tileSize: 256, format: 'webp' };
  const tileNow = (x = range.minX, y = range.minY, q: TileQuery = query) => service.tileNow(course.id, z, x, y, q);

  beforeEach(() => {
    revision = courseRevision(course);
    now = 1_000_000;
    summaryReads = 0;
    pendingReads = [];
    holdReads = false;
    locates = 0;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    const courses = {
      summaryRow: jest.fn(async () => {
        summaryReads++;
        const answered = revision;
        if (holdReads) await new Promise<void>((resolve) => pendingReads.push(resolve));
        return { revision: answered };
      }),
      course: jest.fn(async () => ({ revision, course })),
    } as unknown as CoursesService;
    const archive: OpenArchive = {
      key: 'maps/memo.pmtiles',
      etag: `"sha256:${'e'.repeat(64)}"`,
      size: 1000,
      index: {
        findTile: async (tz: number, x: number, y: number) => {
          locates++;
          return { offset: 100 + x * 7 + y * 3 + tz, length: 5 };
        },
      } as unknown as OpenArchive['index'],
    };
    const archives = {
      require: jest.fn(async () => archive),
      status: jest.fn(async () => ({ state: 'ready', archive })),
      tileOnDemand: jest.fn(async (_p: unknown, tz: number, x: number, y: number) => ({ etag: '"t-demand"', bytes: Buffer.from(`demand@${tz}/${x}/${y}`) })),
      cachedTile: (tile: TileRef) => Buffer.from(`tile@${tile.offset}`),
      readTile: async (tile: TileRef) => Buffer.from(`tile@${tile.offset}`),
    } as unknown as MapArchivesService;
    service = new MapsService(courses, archives, { publicBaseUrl: 'http://localhost' } as ApiConfig);
  });

  afterEach(() => jest.restoreAllMocks());

  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('answers a located tile from memory until the revision read expires, then declines', async () => {
    expect(tileNow()).toBeNull();
    await service.tile(course.id, z, range.minX, range.minY, query);
    expect([summaryReads, locates]).toEqual([1, 1]);
    const hit = tileNow();
    expect(hit).toMatchObject({ contentType: 'image/webp', pinned: false });
    expect(hit!.bytes.toString()).toMatch(/^tile@\d+$/);
    expect(tileNow(range.minX, range.minY, { ...query, revision })?.pinned).toBe(true);
    expect(tileNow(range.minX, range.minY, { ...query, revision: revision.slice('sha256:'.length) })?.pinned).toBe(true);
    expect(tileNow(range.minX, range.minY, { ...query, revision: `sha256:${'0'.repeat(64)}` })).toBeNull();
    expect(tileNow(range.minX, range.minY, { ...query, format: 'png' })).toBeNull();
    now += REVISION_CACHE_MS;
    expect(tileNow()).toBeNull();
    expect(summaryReads).toBe(1);
  });

  it('keeps every remembered tile when a new read confirms the revision', async () => {
    await service.tile(course.id, z, range.minX, range.minY, query);
    await service.tile(course.id, z, range.minX + 1, range.minY, query);
    expect(locates).toBe(2);
    now += REVISION_CACHE_MS;
    expect(tileNow(range.minX + 1)).toBeNull();
    // one request reads the catalog again; the other tile needs no locating afterwards
    await service.tile(course.id, z, range.minX, range.minY, query);
    expect(summaryReads).toBe(2);
    expect(tileNow(range.minX + 1)).not.toBeNull();
    expect(locates).toBe(3);
  });

  it('reads the revision ahead in the background, so a busy tile never leaves memory', async () => {
    await service.tile(course.id, z, range.minX, range.minY, query);
    now += REVISION_READ_AHEAD_MS - 1;
    expect(tileNow()).not.toBeNull();
    expect(summaryReads).toBe(1);
    now += 1;
    holdReads = true;
    // past the read-ahead age: answered from memory, and one read starts (not one per request)
    expect(tileNow()).not.toBeNull();
    expect(tileNow()).not.toBeNull();
    expect(summaryReads).toBe(2);
    // while that read is under way the old one still serves
    now += REVISION_CACHE_MS - REVISION_READ_AHEAD_MS - 1;
    expect(tileNow()).not.toBeNull();
    pendingReads.forEach((resolve) => resolve());
    await settle();
    // the new read began at the read-ahead age, so it serves past the first read's expiry (and,
    // being past the read-ahead age itself by then, starts the next read)
    now += 2;
    expect(tileNow()).not.toBeNull();
    expect([summaryReads, locates]).toEqual([3, 1]);
  });

  it('drops the remembered tiles when the read ahead finds a new revision', async () => {
    await service.tile(course.id, z, range.minX, range.minY, query);
    now += REVISION_READ_AHEAD_MS;
    revision = courseRevision({ ...course, name: `${course.name} (renamed)` });
    expect(tileNow()).not.toBeNull();
    await settle();
    expect(tileNow()).toBeNull();
    const again = await service.tile(course.id, z, range.minX, range.minY, query);
    expect(again.etag).toMatch(/^"/);
    expect([summaryReads, locates]).toEqual([2, 2]);
    expect(tileNow()).not.toBeNull();
  });

  it('lets the old read expire when the read ahead fails', async () => {
    await service.tile(course.id, z, range.minX, range.minY, query);
    now += REVISION_READ_AHEAD_MS;
    const courses = (service as unknown as { courses: { summaryRow: jest.Mock } }).courses;
    courses.summaryRow.mockRejectedValueOnce(new Error('database down'));
    expect(tileNow()).not.toBeNull();
    await settle();
    expect(tileNow()).not.toBeNull();
    now += REVISION_CACHE_MS - REVISION_READ_AHEAD_MS;
    expect(tileNow()).toBeNull();
  });

  it('answers a tile rendered on demand while the archive builds, never from memory, and the archive once it exists', async () => {
    const archives = (service as unknown as { archives: { status: jest.Mock; tileOnDemand: jest.Mock } }).archives;
    archives.status.mockResolvedValueOnce({ state: 'building' });
    const cold = await service.tile(course.id, z, range.minX, range.minY, query);
    expect([cold.etag, (await cold.read())!.toString()]).toEqual(['"t-demand"', `demand@${z}/${range.minX}/${range.minY}`]);
    expect(archives.tileOnDemand.mock.calls[0][0]).toEqual({ courseId: course.id, courseRevision: revision, tileSize: 256, format: 'webp' });
    // not remembered: the next request asks again, and reads the archive once it is there
    expect(tileNow()).toBeNull();
    const warm = await service.tile(course.id, z, range.minX, range.minY, query);
    expect((await warm.read())!.toString()).toMatch(/^tile@\d+$/);
    expect([archives.tileOnDemand.mock.calls.length, locates]).toEqual([1, 1]);
    archives.status.mockResolvedValueOnce({ state: 'absent', reason: 'queue down' });
    await expect(service.tile(course.id, z, range.minX + 1, range.minY, query)).rejects.toMatchObject({
      code: 'map-unavailable',
      // a 503 the client backs off from, as the problem's hint says
      options: { headers: { 'Retry-After': '5' } },
    });
  });
});
