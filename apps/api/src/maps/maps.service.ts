import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import {
  composeStaticMap,
  parseStaticBBox,
  rangeAtZoom,
  resolveStaticMap,
  STATIC_MAP_MAX_PIXELS,
  StaticMapError,
  staticMapTiles,
  TILE_CONTENT_TYPES,
  tileCount,
  tileInCoverage,
  type MapTileSize,
} from '@caddie/renderer';
import type { MapTileFormat } from '@caddie/styles';
import { CoursesService } from '../courses/courses.service';
import { RecentReads } from '../platform/cache/recent-reads';
import { ApiConfig } from '../platform/config/api-config';
import { ApiProblem } from '../platform/problems/api-problem';
import { MapArchivesService, mapUnavailable, type OpenArchive, type RenderedTile } from './map-archives.service';
import type { TilePlan } from './tile-plan.schema';
import { describeCourse, normalizeRevision, payloadOf, round7, staleRevision, staticLinkZoom, type CourseMap } from './course-map';
import { RecentTiles, type LocatedTile } from './recent-tiles';

export interface TileQuery {
  tileSize: MapTileSize;
  format: MapTileFormat;
  revision?: string;
}

/** A tile as the tile route answers it: strong ETag, content type, whether the URL pinned the revision, and its bytes. */
export interface TileAnswer {
  etag: string;
  contentType: string;
  pinned: boolean;
  read(): Promise<Buffer | null>;
}

const COURSE_MAP_CACHE_LIMIT = 256;
const REVISION_CACHE_LIMIT = 10_000;
/**
 * How long a course's current revision is reused without reading the catalog again, on the tile,
 * archive and static routes (the plan always reads it). A pin that differs from the remembered
 * revision is checked against the catalog before any 409, so a newer pin is never refused; a pin
 * of the previous revision is refused at most this long after the course changed.
 */
export const REVISION_CACHE_MS = 1000;
/**
 * A tile answered from memory with a revision read older than this reads the revision again in
 * the background, so that busy courses never fall off the in-memory path when their read expires.
 */
export const REVISION_READ_AHEAD_MS = REVISION_CACHE_MS / 2;

/** Plans, tiles, static maps and archives of a course: read from its pre-rendered PMTiles archive (tiles rendered on demand while it builds). */
@Injectable()
export class MapsService {
  /** coverage and attribution per course revision (a revision never changes) */
  private readonly maps = new LRUCache<string, Promise<CourseMap>>({ max: COURSE_MAP_CACHE_LIMIT });
  /** current revision per course: one catalog read reused for REVISION_CACHE_MS, read ahead past half of it */
  private readonly revisions: RecentReads<string>;
  /**
   * Tiles located at a course revision: a map view asks for the same tiles again and again, and a
   * hit skips the revision, coverage, archive and directory steps. An entry is used only while the
   * course's remembered revision read has answered with the entry's revision and is younger than
   * REVISION_CACHE_MS, so it answers exactly what those steps would (a revision names immutable
   * content: the same revision, the same archive and tile).
   */
  private readonly recentTiles = new RecentTiles();

  constructor(
    private readonly courses: CoursesService,
    private readonly archives: MapArchivesService,
    private readonly config: ApiConfig,
  ) {
    this.revisions = new RecentReads((courseId) => this.courses.summaryRow(courseId).then((row) => row.revision), REVISION_CACHE_MS, REVISION_CACHE_LIMIT);
  }

  /**
   * The course at its current revision, checked against a pinned revision (409 when stale).
   * `fresh` reads the revision from the catalog; otherwise one read within REVISION_CACHE_MS is reused.
   */
  async courseMap(courseId: string, pinned: string | undefined, fresh = false): Promise<CourseMap> {
    let revision = await this.currentRevision(courseId, fresh);
    if (pinned !== undefined && normalizeRevision(pinned) !== revision && !fresh) {
      // the remembered revision may be behind the pin: only the catalog can call a pin stale
      revision = await this.currentRevision(courseId, true);
    }
    if (pinned !== undefined && normalizeRevision(pinned) !== revision) throw staleRevision(courseId, revision, pinned);
    const map = await this.describe(courseId, revision);
    // the document read may be newer than the revision checked above
    if (pinned !== undefined && normalizeRevision(pinned) !== map.revision) throw staleRevision(courseId, map.revision, pinned);
    return map;
  }

  /** Coverage and attribution of the course at a revision, computed once per revision. */
  private describe(courseId: string, revision: string): Promise<CourseMap> {
    const cacheKey = `${courseId}@${revision}`;
    let map = this.maps.get(cacheKey);
    if (!map) {
      map = this.courses.course(courseId).then(({ revision: read, course }) => {
        // the course changed in between: describe what was read, and keep it under its own revision only
        if (read !== revision) this.maps.delete(cacheKey);
        return describeCourse(course, read);
      });
      map.catch(() => this.maps.delete(cacheKey));
      this.maps.set(cacheKey, map);
    }
    return map;
  }

  /** The current revision of a course; concurrent reads share one catalog query (`fresh`: a new read). */
  private currentRevision(courseId: string, fresh: boolean): Promise<string> {
    return fresh ? this.revisions.fresh(courseId) : this.revisions.get(courseId);
  }

  async plan(courseId: string, zoom: number, query: TileQuery): Promise<TilePlan> {
    const map = await this.courseMap(courseId, query.revision, true);
    const { coverage } = map;
    const status = await this.archives.status(payloadOf(map, query), coverage.ranges);
    const base = `${this.config.publicBaseUrl}/v1/courses/${encodeURIComponent(courseId)}/maps`;
    const pin = `revision=${map.revision}`;
    const template = `${base}/tiles/{z}/{x}/{y}?${pin}&tileSize=${query.tileSize}&format=${query.format}`;
    const [w, s, e, n] = coverage.bounds;
    const center: [number, number] = [round7((w + e) / 2), round7((s + n) / 2)];
    const centerZoom = Math.min(coverage.maxZoom, Math.max(coverage.minZoom, zoom));
    const ranges = coverage.ranges.map((r) => ({ zoom: r.zoom, minX: r.minX, maxX: r.maxX, minY: r.minY, maxY: r.maxY, tileCount: tileCount(r) }));
    const atZoom = rangeAtZoom(coverage, zoom);
    const staticZoom = staticLinkZoom(coverage, zoom);
    const archive = status.state === 'ready' ? status.archive : null;
    return {
      service: 'course-maps',
      courseId,
      revision: map.revision,
      tileSize: query.tileSize,
      format: query.format,
      contentType: TILE_CONTENT_TYPES[query.format],
      coverage: { bounds: coverage.bounds, center, minZoom: coverage.minZoom, maxZoom: coverage.maxZoom, tileCount: coverage.tileCount },
      zoom,
      zoomTiles: atZoom ? ranges.find((r) => r.zoom === zoom)! : null,
      tileRanges: ranges,
      tileUrlTemplate: template,
      staticMap: {
        url: `${base}/static?bbox=${coverage.bounds.join(',')}&zoom=${staticZoom}&${pin}`,
        zoom: staticZoom,
        maxPixels: STATIC_MAP_MAX_PIXELS,
      },
      archive: {
        status: status.state,
        url: `${base}/archive.pmtiles?${pin}&tileSize=${query.tileSize}&format=${query.format}`,
        sizeBytes: archive?.size ?? null,
        etag: archive?.etag ?? null,
        retryAfterSeconds: status.state === 'building' ? 5 : null,
      },
      tilejson: '3.0.0',
      name: map.name,
      attribution: map.attribution,
      scheme: 'xyz',
      tiles: [template],
      minzoom: coverage.minZoom,
      maxzoom: coverage.maxZoom,
      bounds: coverage.bounds,
      center: [center[0], center[1], centerZoom],
    };
  }

  /**
   * A tile's location in its archive (404 outside the coverage), with its strong ETag; while the
   * archive builds, the tile rendered on its own (the same bytes the archive will hold).
   */
  async tile(courseId: string, z: number, x: number, y: number, query: TileQuery): Promise<TileAnswer> {
    const located = this.recentTile(courseId, z, x, y, query) ?? (await this.locateTile(courseId, z, x, y, query));
    if ('bytes' in located) {
      const { etag, bytes } = located;
      return { etag, contentType: TILE_CONTENT_TYPES[query.format], pinned: query.revision !== undefined, read: async () => bytes };
    }
    return {
      etag: located.etag,
      contentType: located.contentType,
      pinned: query.revision !== undefined,
      read: () => this.archives.readTile(located),
    };
  }

  /**
   * The tile exactly as tile() would answer it, when both its location and its bytes are in memory
   * (a tile asked for again while the revision read behind it is fresh); null otherwise.
   */
  tileNow(courseId: string, z: number, x: number, y: number, query: TileQuery): (Omit<TileAnswer, 'read'> & { bytes: Buffer }) | null {
    const located = this.recentTile(courseId, z, x, y, query);
    const bytes = located && this.archives.cachedTile(located);
    return bytes ? { etag: located.etag, contentType: located.contentType, pinned: query.revision !== undefined, bytes } : null;
  }

  /**
   * The remembered location, while the course's revision read is fresh and answered with the
   * tile's revision, and that matches a pin. A hit on an older read starts reading it again.
   */
  private recentTile(courseId: string, z: number, x: number, y: number, query: TileQuery): LocatedTile | undefined {
    const recent = this.recentTiles.get(courseId, query, z, x, y);
    if (!recent) return undefined;
    if (query.revision !== undefined && query.revision !== recent.revision && normalizeRevision(query.revision) !== recent.revision) return undefined;
    // an answered read younger than REVISION_CACHE_MS; past REVISION_READ_AHEAD_MS it starts the next read
    return this.revisions.now(courseId) === recent.revision ? recent.tile : undefined;
  }

  /** The tile in its archive; while the archive builds, the tile rendered on demand (never remembered: the archive stays the source). */
  private async locateTile(courseId: string, z: number, x: number, y: number, query: TileQuery): Promise<LocatedTile | RenderedTile> {
    const map = await this.courseMap(courseId, query.revision);
    if (!tileInCoverage(map.coverage, z, x, y)) {
      throw new ApiProblem(
        'tile-not-found',
        `Tile ${z}/${x}/${y} lies outside the map coverage of ${courseId} (zoom ${map.coverage.minZoom}..${map.coverage.maxZoom}).`,
      );
    }
    const payload = payloadOf(map, query);
    const status = await this.archives.status(payload, map.coverage.ranges);
    if (status.state === 'absent') throw mapUnavailable();
    if (status.state === 'building') return this.archives.tileOnDemand(payload, z, x, y);
    const { archive } = status;
    const location = await archive.index.findTile(z, x, y);
    if (!location) throw new ApiProblem('tile-not-found', `The archive holds no tile ${z}/${x}/${y}.`);
    // the archive is immutable and its ETag names its bytes, so offset + length name the tile's bytes
    const etag = `"${archive.etag.slice(8, 32)}.${location.offset.toString(36)}.${location.length.toString(36)}"`;
    const tile: LocatedTile = { etag, contentType: TILE_CONTENT_TYPES[query.format], archive, offset: location.offset, length: location.length };
    this.recentTiles.remember(courseId, query, z, x, y, { revision: map.revision, tile });
    return tile;
  }

  async archive(courseId: string, query: TileQuery): Promise<OpenArchive> {
    const map = await this.courseMap(courseId, query.revision);
    return this.archives.require(payloadOf(map, query), map.coverage.ranges);
  }

  readRange(archive: OpenArchive, start: number, end: number) {
    return this.archives.readRange(archive.key, start, end);
  }

  readWhole(archive: OpenArchive) {
    return this.archives.readWhole(archive.key);
  }

  /** A branded PNG of the box at a zoom, assembled from the default archive's 256-pixel WebP tiles. */
  async staticMap(courseId: string, rawBBox: string, zoom: number, revision: string | undefined) {
    const map = await this.courseMap(courseId, revision);
    let frame;
    try {
      const bbox = parseStaticBBox(rawBBox);
      if (zoom < map.coverage.minZoom || zoom > map.coverage.maxZoom) {
        throw new StaticMapError('bbox-outside-coverage', `zoom must be within the map's zoom range ${map.coverage.minZoom}..${map.coverage.maxZoom}`);
      }
      frame = resolveStaticMap(bbox, zoom, map.coverage.bounds);
    } catch (error) {
      if (error instanceof StaticMapError) throw new ApiProblem(error.code, error.message);
      throw error;
    }
    const payload = payloadOf(map, { tileSize: 256, format: 'webp' });
    const status = await this.archives.status(payload, map.coverage.ranges);
    if (status.state === 'absent') throw mapUnavailable();
    // from the archive once it exists; while it builds, from the same tiles rendered on demand
    const readTile =
      status.state === 'ready'
        ? (x: number, y: number) => status.archive.index.readTile(zoom, x, y)
        : async (x: number, y: number) => (tileInCoverage(map.coverage, zoom, x, y) ? (await this.archives.tileOnDemand(payload, zoom, x, y)).bytes : null);
    const tiles = await Promise.all(staticMapTiles(frame.rect).map(async ([x, y]) => ({ x, y, bytes: await readTile(x, y) })));
    const present = tiles.filter((t): t is { x: number; y: number; bytes: Uint8Array } => t.bytes !== null);
    const png = await composeStaticMap(frame.rect, present, map.attribution);
    return { png, frame };
  }
}
