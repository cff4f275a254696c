import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { UnrecoverableError } from 'bullmq';
import type { ArtifactStore } from '@caddie/artifacts';
import { graphicObjectKey, type RedisClient, renderRecordKey, type RenderGraphicPayload, type RenderGraphicResult } from '@caddie/jobs';
import type { CourseStore } from '@caddie/persistence';
import { type NormalizedGraphicRequest } from '@caddie/styles';
import { printScaleDenominator, printScaleText, renderGraphic } from '@caddie/renderer';

/** Errors that name data the course lacks: retrying cannot help, and the API answers 422 with the code. */
const isDataMissing = (error: unknown): error is Error & { code: string } =>
  error instanceof Error && typeof (error as { code?: unknown }).code === 'string' && /DataMissing|GreenDataError/.test(error.name);

/**
 * Renders one graphic and stores it. The render record (spatial sidecar, normalized request,
 * course revision) is written before the image: the image's
 * presence is what marks an artifact complete, so no reader ever sees half of one.
 */
export class GraphicRenderHandler {
  readonly workerId = `${hostname()}:${process.pid}`;

  constructor(
    private readonly courses: CourseStore,
    private readonly store: ArtifactStore,
    private readonly redis: RedisClient,
    private readonly redisPrefix: string,
  ) {}

  async handle(payload: RenderGraphicPayload): Promise<RenderGraphicResult> {
    const objectKey = graphicObjectKey(payload.artifactKey);
    const existing = await this.store.head(objectKey);
    if (existing) {
      // A retry after a crash, or a render that finished elsewhere: the artifact is already complete.
      return this.result(
        payload.artifactKey,
        objectKey,
        existing.contentType,
        Number(existing.metadata.width),
        Number(existing.metadata.height),
        existing.metadata.sha256,
        existing.size,
      );
    }
    const doc = await this.courses.document(payload.courseId);
    if (!doc) throw new UnrecoverableError(JSON.stringify({ code: 'render-not-found', detail: `course ${payload.courseId} is gone` }));
    if (doc.revision !== payload.courseRevision) {
      throw new UnrecoverableError(JSON.stringify({ code: 'render-failed', detail: 'the course changed since the request; request the graphic again' }));
    }
    let rendered;
    try {
      rendered = await renderGraphic(doc.course, payload.request as unknown as NormalizedGraphicRequest);
    } catch (error) {
      if (isDataMissing(error)) throw new UnrecoverableError(JSON.stringify({ code: error.code, detail: error.message }));
      throw error;
    }
    const sha256 = `sha256:${createHash('sha256').update(rendered.bytes).digest('hex')}`;
    // The render record: what overlay resolution needs to bind components to this exact artifact.
    const record = { sidecar: rendered.sidecar, request: payload.request, courseRevision: payload.courseRevision };
    await this.store.put(renderRecordKey(payload.artifactKey), Buffer.from(JSON.stringify(record)), 'application/json', { artifactKey: payload.artifactKey });
    await this.store.put(objectKey, rendered.bytes, rendered.contentType, {
      sha256,
      width: String(rendered.width),
      height: String(rendered.height),
      artifactKey: payload.artifactKey,
      ...printScaleMetadata(payload.request as unknown as NormalizedGraphicRequest, rendered.sidecar.projection?.pixelsPerMeter),
    });
    await this.redis.hincrby(`${this.redisPrefix}:metrics:renders`, this.workerId, 1).catch(() => undefined);
    return this.result(payload.artifactKey, objectKey, rendered.contentType, rendered.width, rendered.height, sha256, rendered.bytes.length);
  }

  private result(
    artifactKey: string,
    objectKey: string,
    contentType: string,
    width: number,
    height: number,
    sha256: string,
    sizeBytes: number,
  ): RenderGraphicResult {
    return { artifactKey, objectKey, contentType, width, height, sha256, sizeBytes, worker: this.workerId };
  }
}

/** A green's print scale at the dpi its file declares ('1:N'), served as the Caddie-Print-Scale header. */
export function printScaleMetadata(request: NormalizedGraphicRequest, pixelsPerMeter: number | undefined): { printScale?: string } {
  if (request.subject.type !== 'green' || !pixelsPerMeter) return {};
  return { printScale: printScaleText(printScaleDenominator(pixelsPerMeter, request.output.dpi)) };
}
