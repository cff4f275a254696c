import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { UnrecoverableError } from 'bullmq';
import type { ArtifactStore } from '@caddie/artifacts';
import { mapArchiveKey, type RenderMapArchivePayload, type RenderMapArchiveResult } from '@caddie/jobs';
import { PmtilesWriter, TileType, Compression } from '@caddie/pmtiles';
import type { CourseStore } from '@caddie/persistence';
import { courseAttribution, courseTileCoverage, coverageTiles, renderTile, RENDERER_VERSION, TileCoverageError } from '@caddie/renderer';

/**
 * Builds one course's PMTiles archive: every tile of the coverage at every zoom of its range,
 * rendered and written clustered, then stored in one atomic put. The archive's presence marks
 * it complete; its sha256 (object metadata) is the strong ETag the API serves.
 */
export class MapArchiveHandler {
  readonly workerId = `${hostname()}:${process.pid}`;

  constructor(
    private readonly courses: CourseStore,
    private readonly store: ArtifactStore,
  ) {}

  async handle(payload: RenderMapArchivePayload): Promise<RenderMapArchiveResult> {
    const objectKey = mapArchiveKey(payload.courseId, payload.courseRevision, payload.tileSize, payload.format);
    const existing = await this.store.head(objectKey);
    if (existing) return this.result(objectKey, existing.metadata.sha256, existing.size, existing.metadata);
    const doc = await this.courses.document(payload.courseId);
    if (!doc) throw new UnrecoverableError(JSON.stringify({ code: 'course-not-found', detail: `course ${payload.courseId} is gone` }));
    if (doc.revision !== payload.courseRevision) {
      throw new UnrecoverableError(JSON.stringify({ code: 'stale-revision', detail: 'the course changed since the archive was requested' }));
    }
    const course = doc.course;
    let coverage;
    try {
      coverage = courseTileCoverage(course);
    } catch (error) {
      if (error instanceof TileCoverageError) throw new UnrecoverableError(JSON.stringify({ code: error.code, detail: error.message }));
      throw error;
    }
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
    for (const [z, x, y] of coverageTiles(coverage)) {
      writer.addTile(z, x, y, await renderTile(course, z, x, y, payload.tileSize, payload.format));
    }
    const archive = await writer.finish();
    const sha256 = `sha256:${createHash('sha256').update(archive).digest('hex')}`;
    const metadata = { sha256, tileCount: String(coverage.tileCount), minZoom: String(coverage.minZoom), maxZoom: String(coverage.maxZoom), courseRevision: payload.courseRevision };
    await this.store.put(objectKey, archive, 'application/vnd.pmtiles', metadata);
    return this.result(objectKey, sha256, archive.length, metadata);
  }

  private result(objectKey: string, sha256: string, sizeBytes: number, metadata: Record<string, string>): RenderMapArchiveResult {
    return { objectKey, sha256, sizeBytes, tileCount: Number(metadata.tileCount), minZoom: Number(metadata.minZoom), maxZoom: Number(metadata.maxZoom), worker: this.workerId };
  }
}
