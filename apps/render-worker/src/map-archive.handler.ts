import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { UnrecoverableError } from 'bullmq';
import { LRUCache } from 'lru-cache';
import type { ArtifactStore } from '@caddie/artifacts';
import type { Course } from '@caddie/catalog';
import {
  blockTiles,
  mapArchiveKey,
  mapTileBlockKey,
  mapTileFolder,
  mapTileKey,
  type AssembleMapArchivePayload,
  type RenderMapArchivePayload,
  type RenderMapArchiveResult,
  type RenderMapTilePayload,
  type RenderMapTileResult,
  type RenderMapTilesPayload,
  type RenderMapTilesResult,
} from '@caddie/jobs';
import { Compression, decodeTileBundle, encodeTileBundle, PmtilesWriter, TileType, type BundledTile } from '@caddie/pmtiles';
import type { CourseStore } from '@caddie/persistence';
import {
  courseAttribution,
  courseTileCoverage,
  renderTile,
  RENDERER_VERSION,
  TILE_CONTENT_TYPES,
  TileCoverageError,
  tileInCoverage,
  type TileCoverage,
} from '@caddie/renderer';

const COURSE_CACHE_SIZE = 4;

/**
 * The three map jobs. A `render.map-tiles` child renders one block of tiles and stores it as a
 * tile bundle (its presence marks the block done, so a retried child skips it); the
 * `render.map-archive` parent reads every block back, writes the clustered archive in one atomic
 * put (its presence marks it complete; its sha256 is the strong ETag the API serves) and deletes
 * the blocks and the tiles rendered on demand. `render.map-tile` renders one tile on demand while
 * the archive builds. All three draw with the same renderTile, so a tile rendered on demand has
 * the bytes the archive holds.
 */
export class MapArchiveHandler {
  readonly workerId = `${hostname()}:${process.pid}`;
  /** Parsed courses and their coverage by id and revision: every block of one build needs the same one. */
  private readonly courses = new LRUCache<string, { course: Course; coverage: TileCoverage }>({ max: COURSE_CACHE_SIZE });

  constructor(
    private readonly catalog: CourseStore,
    private readonly store: ArtifactStore,
  ) {}

  async renderBlock(payload: RenderMapTilesPayload): Promise<RenderMapTilesResult> {
    const key = mapTileBlockKey(payload, payload.block);
    const done =
      (await this.store.head(mapArchiveKey(payload.courseId, payload.courseRevision, payload.tileSize, payload.format))) ?? (await this.store.head(key));
    if (done) return { tiles: 0, bytes: 0, worker: this.workerId };
    const { course } = await this.course(payload);
    const tiles: BundledTile[] = [];
    for (const [z, x, y] of blockTiles(payload.block)) tiles.push({ z, x, y, bytes: await renderTile(course, z, x, y, payload.tileSize, payload.format) });
    const bundle = encodeTileBundle(tiles);
    await this.store.put(key, bundle, 'application/octet-stream');
    return { tiles: tiles.length, bytes: bundle.length, worker: this.workerId };
  }

  async renderOne(payload: RenderMapTilePayload): Promise<RenderMapTileResult> {
    const objectKey = mapTileKey(payload, payload.z, payload.x, payload.y);
    const stored = await this.store.head(objectKey);
    if (stored) return { objectKey, bytes: stored.size, worker: this.workerId };
    const { course, coverage } = await this.course(payload);
    if (!tileInCoverage(coverage, payload.z, payload.x, payload.y)) {
      throw new UnrecoverableError(
        JSON.stringify({ code: 'tile-not-found', detail: `tile ${payload.z}/${payload.x}/${payload.y} lies outside the map coverage` }),
      );
    }
    const bytes = await renderTile(course, payload.z, payload.x, payload.y, payload.tileSize, payload.format);
    await this.store.put(objectKey, bytes, TILE_CONTENT_TYPES[payload.format]);
    return { objectKey, bytes: bytes.length, worker: this.workerId };
  }

  async assemble(payload: AssembleMapArchivePayload): Promise<RenderMapArchiveResult> {
    const objectKey = mapArchiveKey(payload.courseId, payload.courseRevision, payload.tileSize, payload.format);
    const existing = await this.store.head(objectKey);
    if (existing) return this.result(objectKey, existing.metadata.sha256, existing.size, existing.metadata);
    const { course, coverage } = await this.course(payload);
    const [w, s, e, n] = coverage.bounds;
    const writer = new PmtilesWriter({
      tileType: payload.format === 'png' ? TileType.Png : TileType.Webp,
      tileCompression: Compression.None,
      bounds: { minLon: w, minLat: s, maxLon: e, maxLat: n },
      center: { lon: (w + e) / 2, lat: (s + n) / 2, zoom: Math.min(coverage.maxZoom, Math.max(coverage.minZoom, 17)) },
      metadata: {
        name: course.name,
        attribution: courseAttribution(course),
        bounds: coverage.bounds,
        courseId: course.id,
        revision: payload.courseRevision,
        tileSize: payload.tileSize,
        format: payload.format,
        generator: `caddie-render-worker renderer ${RENDERER_VERSION}`,
      },
    });
    const blockKeys = payload.blocks.map((block) => mapTileBlockKey(payload, block));
    for (const key of blockKeys) {
      const bundle = await this.store.get(key);
      // A block missing here was lost from the store after its job finished: a retry cannot bring it back.
      if (!bundle) throw new UnrecoverableError(JSON.stringify({ code: 'map-archive-failed', detail: `tile block ${key} is missing from the store` }));
      for (const tile of decodeTileBundle(bundle.body)) writer.addTile(tile.z, tile.x, tile.y, tile.bytes);
    }
    if (writer.tileCount !== coverage.tileCount) {
      throw new UnrecoverableError(
        JSON.stringify({ code: 'map-archive-failed', detail: `the blocks hold ${writer.tileCount} of ${coverage.tileCount} tiles` }),
      );
    }
    const archive = await writer.finish();
    const sha256 = `sha256:${createHash('sha256').update(archive).digest('hex')}`;
    const metadata = {
      sha256,
      tileCount: String(coverage.tileCount),
      minZoom: String(coverage.minZoom),
      maxZoom: String(coverage.maxZoom),
      courseRevision: payload.courseRevision,
    };
    await this.store.put(objectKey, archive, 'application/vnd.pmtiles', metadata);
    // The blocks were only the hand-over between jobs, the tiles rendered on demand a stand-in for the archive.
    await Promise.all(blockKeys.map((key) => this.store.delete(key).catch(() => undefined)));
    await this.store.deleteFolder(mapTileFolder(payload)).catch(() => 0);
    return this.result(objectKey, sha256, archive.length, metadata);
  }

  private result(objectKey: string, sha256: string, sizeBytes: number, metadata: Record<string, string>): RenderMapArchiveResult {
    return {
      objectKey,
      sha256,
      sizeBytes,
      tileCount: Number(metadata.tileCount),
      minZoom: Number(metadata.minZoom),
      maxZoom: Number(metadata.maxZoom),
      worker: this.workerId,
    };
  }

  /** The course at the payload's revision and its coverage; permanent failures are unrecoverable. */
  private async course(payload: RenderMapArchivePayload): Promise<{ course: Course; coverage: TileCoverage }> {
    const cacheKey = `${payload.courseId}@${payload.courseRevision}`;
    let entry = this.courses.get(cacheKey);
    if (!entry) {
      const doc = await this.catalog.document(payload.courseId);
      if (!doc) throw new UnrecoverableError(JSON.stringify({ code: 'course-not-found', detail: `course ${payload.courseId} is gone` }));
      if (doc.revision !== payload.courseRevision) {
        throw new UnrecoverableError(JSON.stringify({ code: 'stale-revision', detail: 'the course changed since the map was requested' }));
      }
      try {
        entry = { course: doc.course, coverage: courseTileCoverage(doc.course) };
      } catch (error) {
        if (error instanceof TileCoverageError) throw new UnrecoverableError(JSON.stringify({ code: error.code, detail: error.message }));
        throw error;
      }
      this.courses.set(cacheKey, entry);
    }
    return entry;
  }
}
