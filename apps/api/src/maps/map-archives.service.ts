import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { LRUCache } from 'lru-cache';
import type { FlowProducer, Queue } from 'bullmq';
import type { ArtifactStore } from '@caddie/artifacts';
import { closeBullWithin, mapTileKey, openFlowProducer, type MapTileBlock, type RenderMapArchivePayload } from '@caddie/jobs';
import { PmtilesIndex, type ByteSource } from '@caddie/pmtiles';
import { ApiConfig } from '../platform/config/api-config';
import { ApiProblem } from '../platform/problems/api-problem';
import { apiFlowConnection } from '../platform/redis/api-redis-options';
import { QueueWaiters } from '../platform/redis/queue-waiters';
import { ARTIFACT_STORE } from '../platform/storage/artifact-store.provider';
import { MapArchiveSubmitter, mapArchiveKeyOf } from './map-archive-submitter';
import { TileBytesCache, type CachedTile } from './tile-bytes-cache';

/** A stored archive with its directories read once. */
export interface OpenArchive {
  key: string;
  /** quoted strong ETag: "sha256:…" */
  etag: string;
  size: number;
  index: PmtilesIndex;
}

/** Where a tile's bytes lie in an archive, with the cache entry last found for them (kept by the caller). */
export interface TileRef {
  archive: OpenArchive;
  offset: number;
  length: number;
  cached?: CachedTile;
}

export type ArchiveStatus = { state: 'ready'; archive: OpenArchive } | { state: 'building' } | { state: 'absent'; reason: string };

/** A tile rendered on demand while its archive builds, with its strong ETag (from its bytes). */
export interface RenderedTile {
  etag: string;
  bytes: Buffer;
}

/** Archives whose header and directories stay in memory (each is a few KiB to a few hundred). */
const OPEN_ARCHIVE_LIMIT = 64;
/** Tile bytes kept in memory across archives. */
const TILE_CACHE_BYTES = 64 * 1024 * 1024;
/**
 * How long a stored archive is trusted without asking the store again. Archives are written once
 * per key (course revision, tile size, format) and never rewritten in place, so this only bounds
 * how late a deleted archive is noticed; without it every tile request paid a store HEAD.
 */
export const ARCHIVE_RECHECK_MS = 2000;
/** Seconds a client waits before asking again while an archive builds. */
export const ARCHIVE_RETRY_AFTER_SECONDS = 5;

/** Tiles rendered on demand that are being fetched or rendered at once in this process, at most. */
const ON_DEMAND_LIMIT = 4096;

/**
 * Map archives in the artifact store, their build flows on the render queue, and the in-memory
 * index of each archive (header, root and leaf directories) keyed by object key and ETag, so a
 * tile request reads only its tile's bytes. A found archive is trusted for ARCHIVE_RECHECK_MS
 * before the store is asked again. Builds coalesce on the object key through BullMQ
 * deduplication, like graphics renders (MapArchiveSubmitter, shared with the prewarm CLI).
 * While an archive builds, tiles are rendered one by one on demand (tileOnDemand), coalesced per
 * tile in this process and across the cluster, and kept in the store and in memory.
 */
/** The render queue did not take a map job (Redis away or too slow to answer): 503 with the back-off the hint asks for. */
export function mapUnavailable(): ApiProblem {
  return new ApiProblem('map-unavailable', 'The render queue is unavailable; retry shortly.', { headers: { 'Retry-After': '5' } });
}

@Injectable()
export class MapArchivesService implements OnModuleDestroy {
  private readonly submitter: MapArchiveSubmitter;
  private readonly flows: FlowProducer;
  /** when each archive build was last submitted from here: re-submitted at most every ARCHIVE_RECHECK_MS */
  private readonly submitted = new LRUCache<string, number>({ max: OPEN_ARCHIVE_LIMIT });
  /** tiles on demand under way in this process, by object key */
  private readonly rendering = new Map<string, Promise<RenderedTile>>();
  private readonly open = new LRUCache<string, Promise<OpenArchive>>({ max: OPEN_ARCHIVE_LIMIT });
  /** the latest store lookup per object key, reused while younger than ARCHIVE_RECHECK_MS */
  private readonly found = new LRUCache<string, { archive: Promise<OpenArchive | null>; at: number }>({ max: OPEN_ARCHIVE_LIMIT });
  /** tile bytes across archives (archives are immutable, so entries never go stale) */
  private readonly tiles = new TileBytesCache(TILE_CACHE_BYTES);

  constructor(
    @InjectQueue('render') queue: Queue,
    @InjectQueue('render-batch') batchQueue: Queue,
    @Inject(ARTIFACT_STORE) private readonly store: ArtifactStore,
    private readonly config: ApiConfig,
    waiters: QueueWaiters,
  ) {
    // producers fail fast rather than queue commands while Redis is away: the API's bounded options
    this.flows = openFlowProducer({ connection: apiFlowConnection(config.env), prefix: config.env.REDIS_PREFIX });
    this.flows.on('error', () => undefined);
    this.submitter = new MapArchiveSubmitter(this.flows, queue, waiters.of('render'), batchQueue, waiters.of('render-batch'));
  }

  async onModuleDestroy(): Promise<void> {
    await closeBullWithin(this.flows);
  }

  /** The archive when stored; otherwise starts (or joins) the build of `ranges` and reports it building. */
  async status(payload: RenderMapArchivePayload, ranges: readonly MapTileBlock[]): Promise<ArchiveStatus> {
    const ready = await this.stored(payload);
    if (ready) return { state: 'ready', archive: ready };
    const key = mapArchiveKeyOf(payload);
    const at = this.submitted.get(key);
    if (at !== undefined && Date.now() - at < ARCHIVE_RECHECK_MS) return { state: 'building' };
    try {
      await this.submit(payload, ranges);
      this.submitted.set(key, Date.now());
      return { state: 'building' };
    } catch (error) {
      return { state: 'absent', reason: (error as Error).message };
    }
  }

  /** The archive, building it first if needed and waiting up to RENDER_WAIT_MS; then 503 with Retry-After. */
  async require(payload: RenderMapArchivePayload, ranges: readonly MapTileBlock[]): Promise<OpenArchive> {
    const ready = await this.stored(payload);
    if (ready) return ready;
    let jobId: string;
    try {
      jobId = await this.submit(payload, ranges);
    } catch {
      throw mapUnavailable();
    }
    const outcome = await this.submitter.wait(jobId, this.config.env.RENDER_WAIT_MS);
    if (outcome.state === 'pending') throw this.building();
    if (outcome.state === 'failed') throw failureProblem(outcome.reason);
    const built = await this.stored(payload);
    if (!built) throw this.building();
    return built;
  }

  private building(): ApiProblem {
    return new ApiProblem('map-archive-building', 'The course map archive is still rendering.', {
      headers: { 'retry-after': String(ARCHIVE_RETRY_AFTER_SECONDS) },
    });
  }

  private async submit(payload: RenderMapArchivePayload, ranges: readonly MapTileBlock[]): Promise<string> {
    return (await this.submitter.submit(payload, ranges)).jobId;
  }

  /**
   * One tile of an archive still building: from memory, else from the store, else rendered by a
   * render worker (a `render.map-tile` job, queued ahead of the archive's blocks) and read back.
   * Concurrent requests for one tile share one fetch here and one job in the cluster. The bytes
   * are those the archive will hold (the same renderTile); waits up to RENDER_WAIT_MS, then 503.
   */
  tileOnDemand(payload: RenderMapArchivePayload, z: number, x: number, y: number): Promise<RenderedTile> {
    const key = mapTileKey(payload, z, x, y);
    const cached = this.tiles.get(key);
    const bytes = cached && this.tiles.use(cached);
    if (bytes) return Promise.resolve({ etag: tileEtag(bytes), bytes });
    let under = this.rendering.get(key);
    if (!under) {
      under = this.fetchOrRender(key, { ...payload, z, x, y });
      if (this.rendering.size < ON_DEMAND_LIMIT) {
        this.rendering.set(key, under);
        const done = () => this.rendering.delete(key);
        under.then(done, done);
      }
    }
    return under;
  }

  private async fetchOrRender(key: string, payload: RenderMapArchivePayload & { z: number; x: number; y: number }): Promise<RenderedTile> {
    let stored = await this.store.get(key);
    if (!stored) {
      let jobId: string;
      try {
        jobId = await this.submitter.submitTile(payload);
      } catch {
        throw mapUnavailable();
      }
      const outcome = await this.submitter.waitTile(jobId, this.config.env.RENDER_WAIT_MS);
      if (outcome.state === 'pending') throw this.building();
      if (outcome.state === 'failed') throw failureProblem(outcome.reason);
      stored = await this.store.get(key);
      if (!stored) throw this.building();
    }
    this.tiles.put(key, stored.body);
    return { etag: tileEtag(stored.body), bytes: stored.body };
  }

  /** The stored archive: a recent lookup of its key, or the store's answer (absence is never remembered). */
  private stored(payload: RenderMapArchivePayload): Promise<OpenArchive | null> {
    const key = mapArchiveKeyOf(payload);
    const now = Date.now();
    const recent = this.found.get(key);
    if (recent && now - recent.at < ARCHIVE_RECHECK_MS) return recent.archive;
    const archive = this.lookup(key);
    const entry = { archive, at: now };
    this.found.set(key, entry);
    const forget = () => {
      if (this.found.get(key) === entry) this.found.delete(key);
    };
    archive.then((a) => a ?? forget(), forget);
    return archive;
  }

  /** Asks the store for the archive; opens it once per key and ETag. */
  private async lookup(key: string): Promise<OpenArchive | null> {
    const head = await this.store.head(key);
    if (!head) return null;
    const etag = `"${head.metadata.sha256}"`;
    const cacheKey = `${key}#${etag}`;
    let archive = this.open.get(cacheKey);
    if (!archive) {
      archive = this.openArchive(key, etag, head.size);
      archive.catch(() => this.open.delete(cacheKey));
      this.open.set(cacheKey, archive);
    }
    return archive;
  }

  private async openArchive(key: string, etag: string, size: number): Promise<OpenArchive> {
    return { key, etag, size, index: await PmtilesIndex.open(this.byteSource(key)) };
  }

  /** Byte ranges of a stored object (directories are read through this once, then cached by PmtilesIndex). */
  byteSource(key: string): ByteSource {
    return {
      getBytes: async (offset, length) => {
        const bytes = await this.store.getRange(key, offset, offset + length - 1);
        if (!bytes) throw new ApiProblem('map-archive-failed', 'The map archive disappeared from storage.');
        return bytes;
      },
    };
  }

  readRange(key: string, start: number, end: number): Promise<Buffer | null> {
    return this.store.getRange(key, start, end);
  }

  /** One tile's bytes, from memory when recently read. */
  async readTile(tile: TileRef): Promise<Buffer | null> {
    const cached = this.cachedTile(tile);
    if (cached) return cached;
    const bytes = await this.store.getRange(tile.archive.key, tile.offset, tile.offset + tile.length - 1);
    if (!bytes || bytes.length !== tile.length) return null;
    tile.cached = this.tiles.put(tileCacheKey(tile), bytes);
    return bytes;
  }

  /**
   * The tile's bytes when they are in memory, without reading the store: through the cache entry
   * the ref holds while it lasts (no key to build), otherwise found by archive and offset.
   */
  cachedTile(tile: TileRef): Buffer | undefined {
    if (!tile.cached?.bytes) tile.cached = this.tiles.get(tileCacheKey(tile));
    return tile.cached && this.tiles.use(tile.cached);
  }

  readWhole(key: string): Promise<Buffer | null> {
    return this.store.get(key).then((o) => o?.body ?? null);
  }
}

function failureProblem(reason: string): ApiProblem {
  try {
    const parsed = JSON.parse(reason) as { code?: string; detail?: string };
    if (parsed.code === 'course-geometry-missing') return new ApiProblem('course-geometry-missing', parsed.detail ?? 'No geometry.');
    if (parsed.code === 'stale-revision') return new ApiProblem('stale-revision', parsed.detail ?? 'The course changed.');
    if (parsed.code === 'tile-not-found') return new ApiProblem('tile-not-found', parsed.detail ?? 'No such tile.');
  } catch {
    // not a structured reason
  }
  return new ApiProblem('map-archive-failed', 'The map archive build failed.');
}

const tileCacheKey = (tile: TileRef) => `${tile.archive.etag}:${tile.offset}`;
/** A tile rendered on demand is named by its bytes: "t" and 24 hex digits of their sha256. */
const tileEtag = (bytes: Buffer) => `"t${createHash('sha256').update(bytes).digest('hex').slice(0, 24)}"`;
