import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { ArtifactStore } from '@caddie/artifacts';
import { artifactKey as computeArtifactKey, GraphicsRequestError, parseGraphicsBody, parseGraphicsQuery, type CourseStyleContext, type NormalizedGraphicRequest } from '@caddie/styles';
import { checkRegionRequest, GraphicDataMissingError, RENDERER_VERSION } from '@caddie/renderer';
import { ArtifactDeliveryService } from '../artifacts/artifact-delivery.service';
import { CoursesService } from '../courses/courses.service';
import type { Principal } from '../platform/auth/principal';
import { ApiConfig } from '../platform/config/api-config';
import { AdmissionGate } from '../platform/http/admission-gate';
import { ApiProblem, type ParameterError } from '../platform/problems/api-problem';
import { ARTIFACT_STORE } from '../platform/storage/artifact-store.provider';
import { allowedOverlays } from './allowed-overlays';
import { graphicObjectKey } from '@caddie/jobs';
import { artifactKeyOfRenderId, CONTENT_TYPES, renderIdOf } from './graphic-artifacts';
import { DATA_MISSING_CODES } from './graphics-problems';
import { RenderQueueService } from './render-queue.service';
import { signReceipt } from './render-receipt';

export type CacheState = 'HIT' | 'MISS' | 'COALESCED' | 'RENDERING' | 'FAILED';

export interface RenderOutcome {
  cacheState: CacheState;
  request: NormalizedGraphicRequest;
  artifactKey: string;
  renderId: string;
  contentType: string;
  sha256?: string;
  failure?: ApiProblem;
}

export const RECEIPT_TTL_SECONDS = 60 * 60;
export const SIGNED_URL_TTL_SECONDS = 15 * 60;

/** Problem codes the option parser uses that mean something else at the API (scorecards use image-too-large for 413). */
const PARSER_CODE_MAP: Record<string, string> = { 'image-too-large': 'graphic-too-large' };

@Injectable()
export class GraphicsService {
  constructor(
    private readonly courses: CoursesService,
    private readonly renders: RenderQueueService,
    private readonly delivery: ArtifactDeliveryService,
    @Inject(ARTIFACT_STORE) private readonly store: ArtifactStore,
    private readonly config: ApiConfig,
    private readonly admission: AdmissionGate,
  ) {}

  /** GET route: subject and format from the path, options from the query. */
  async fromQuery(courseId: string, subject: string, format: string, query: Record<string, string | string[] | undefined>) {
    const { revision, context } = await this.courseContext(courseId);
    return { revision, request: this.normalize(() => parseGraphicsQuery(subject, format, query, context)) };
  }

  /** POST route: the structured body (the course id lives in the path only). */
  async fromBody(courseId: string, body: unknown) {
    const { revision, context } = await this.courseContext(courseId);
    if (body && typeof body === 'object' && 'courseId' in body) {
      throw new ApiProblem('invalid-parameter', 'The course id belongs in the path, not in the body.', {
        errors: [{ parameter: 'courseId', code: 'unknown-parameter', detail: 'remove courseId from the body' }],
      });
    }
    const request = this.normalize(() => parseGraphicsBody(body, context));
    if (request.subject.type === 'hole-region') await this.checkRegion(courseId, request);
    return { revision, request };
  }

  /** Framing points that coincide or lie far from the hole are refused before anything is queued. */
  private async checkRegion(courseId: string, request: NormalizedGraphicRequest): Promise<void> {
    const { course } = await this.courses.course(courseId);
    try {
      checkRegionRequest(course, request);
    } catch (error) {
      if (error instanceof GraphicDataMissingError) throw new ApiProblem(error.code, error.message);
      throw error;
    }
  }

  /** Finds the artifact or has it rendered (coalesced across the cluster), waiting up to the deadline. */
  async render(courseId: string, revision: string, request: NormalizedGraphicRequest): Promise<RenderOutcome> {
    const artifactKey = computeArtifactKey(RENDERER_VERSION, revision, request);
    const base = { request, artifactKey, renderId: renderIdOf(artifactKey), contentType: CONTENT_TYPES[request.output.format as keyof typeof CONTENT_TYPES] };
    const stored = await this.store.head(graphicObjectKey(artifactKey));
    if (stored) return { ...base, cacheState: 'HIT', sha256: stored.metadata.sha256 };
    const { coalesced, outcome } = await this.admission.admit('render', async () => {
      const { jobId, coalesced } = await this.renders.submit({ artifactKey, courseId, courseRevision: revision, request: request as unknown as Record<string, unknown> });
      return { coalesced, outcome: await this.renders.wait(jobId, this.config.env.RENDER_WAIT_MS) };
    });
    if (outcome.state === 'done') return { ...base, cacheState: coalesced ? 'COALESCED' : 'MISS', sha256: outcome.result.sha256 };
    if (outcome.state === 'pending') return { ...base, cacheState: 'RENDERING' };
    return { ...base, cacheState: 'FAILED', failure: failureProblem(outcome.reason) };
  }

  /** The GraphicRenderDescriptor of the spec, exactly its keys. */
  async descriptor(outcome: RenderOutcome, principal: Principal) {
    const ready = outcome.cacheState === 'HIT' || outcome.cacheState === 'MISS' || outcome.cacheState === 'COALESCED';
    const base = this.config.publicBaseUrl;
    const signed = ready ? await this.delivery.signedUrl(graphicObjectKey(outcome.artifactKey), SIGNED_URL_TTL_SECONDS) : null;
    const expiresAt = Math.floor(Date.now() / 1000) + RECEIPT_TTL_SECONDS;
    const overlays = allowedOverlays(outcome.request);
    return {
      request: outcome.request,
      artifact: {
        imageUrl: signed?.url ?? `${base}/v1/renders/${outcome.renderId}/image`,
        contentType: outcome.contentType,
        width: outcome.request.output.width,
        height: outcome.request.output.height,
        cacheState: outcome.cacheState,
        delivery: signed ? ('signed-cdn' as const) : ('api' as const),
        artifactKey: outcome.artifactKey,
        ...(outcome.sha256 ? { sha256: outcome.sha256 } : {}),
        ...(signed ? { deliveryExpiresAt: signed.expiresAt.toISOString() } : {}),
      },
      render: {
        id: outcome.renderId,
        receipt: signReceipt(this.config.signingSecret, { rid: outcome.renderId, kid: principal.keyId, ak: outcome.artifactKey, ov: overlays, exp: expiresAt }),
        expiresAt: new Date(expiresAt * 1000).toISOString(),
        overlaysUrl: `${base}/v1/renders/${outcome.renderId}/overlays`,
        allowedOverlays: overlays,
      },
      service: 'course-graphics' as const,
      renderer: RENDERER_VERSION,
    };
  }

  /** Sends the image bytes with caching headers, or the right non-200 answer. */
  async sendImage(outcome: RenderOutcome, reply: FastifyReply, ifNoneMatch: string | undefined): Promise<void> {
    if (outcome.cacheState === 'FAILED') throw outcome.failure!;
    if (outcome.cacheState === 'RENDERING') {
      reply
        .status(202)
        .header('retry-after', '2')
        .header('location', `/v1/renders/${outcome.renderId}/image`)
        .header('cache-status', 'caddie; fwd=miss; detail=rendering')
        .header('cache-control', 'no-store')
        .send({ status: 'RENDERING', renderId: outcome.renderId, imageUrl: `${this.config.publicBaseUrl}/v1/renders/${outcome.renderId}/image` });
      return;
    }
    const object = await this.store.get(graphicObjectKey(outcome.artifactKey));
    if (!object) throw new ApiProblem('render-failed', 'The rendered artifact is missing from the store.');
    const etag = `"${object.metadata.sha256}"`;
    const cacheStatus = { HIT: 'caddie; hit', MISS: 'caddie; fwd=miss; stored', COALESCED: 'caddie; fwd=miss; collapsed' }[outcome.cacheState];
    reply
      .header('etag', etag)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('cache-status', cacheStatus)
      .header('x-caddie-cache-state', outcome.cacheState);
    if (ifNoneMatch && ifNoneMatch.split(',').map((t) => t.trim()).includes(etag)) {
      reply.status(304).send();
      return;
    }
    reply.header('content-type', object.contentType).send(object.body);
  }

  /** Polling a render by id: the image when stored, 202 while rendering, 404 when unknown. */
  async byRenderId(renderId: string): Promise<RenderOutcome> {
    const artifactKey = artifactKeyOfRenderId(renderId);
    if (!artifactKey) throw new ApiProblem('invalid-parameter', 'renderId must be rnd_ followed by 64 hexadecimal characters.');
    const head = await this.store.head(graphicObjectKey(artifactKey));
    const base = { artifactKey, renderId, request: undefined as unknown as NormalizedGraphicRequest, contentType: head?.contentType ?? '' };
    if (head) return { ...base, cacheState: 'HIT', sha256: head.metadata.sha256 };
    if (await this.renders.pendingJobFor(artifactKey)) return { ...base, cacheState: 'RENDERING' };
    throw new ApiProblem('render-not-found', `No render ${renderId} is stored or in progress.`);
  }

  private async courseContext(courseId: string): Promise<{ revision: string; context: CourseStyleContext }> {
    const row = await this.courses.mappedCourseRow(courseId);
    return { revision: row.revision, context: { classification: row.classification, country: row.country, region: row.region } };
  }

  private normalize(parse: () => NormalizedGraphicRequest): NormalizedGraphicRequest {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof GraphicsRequestError)) throw error;
      const errors: ParameterError[] = error.problems.map((p) => ({ parameter: p.parameter, code: PARSER_CODE_MAP[p.code] ?? p.code, detail: p.detail }));
      const codes = [...new Set(errors.map((e) => e.code))];
      throw new ApiProblem(codes.length === 1 ? codes[0] : 'invalid-parameter', errors.map((e) => `${e.parameter}: ${e.detail}`).join('; '), { errors });
    }
  }
}

/** Workers fail jobs with a JSON reason { code, detail } for known problems; anything else is internal. */
export function failureProblem(reason: string): ApiProblem {
  try {
    const parsed = JSON.parse(reason) as { code?: string; detail?: string };
    if (parsed.code && (DATA_MISSING_CODES.includes(parsed.code) || parsed.code === 'render-not-found')) return new ApiProblem(parsed.code, parsed.detail ?? 'Missing data.');
  } catch {
    // not a structured reason
  }
  return new ApiProblem('render-failed', 'The render failed.');
}
