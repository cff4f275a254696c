import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ArtifactStore, StoredObject } from '@caddie/artifacts';
import {
  artifactKey as computeArtifactKey,
  GraphicsRequestError,
  parseGraphicsBody,
  parseGraphicsQuery,
  type CourseStyleContext,
  type NormalizedGraphicRequest,
} from '@caddie/styles';
import {
  checkElevationResolution,
  checkRegionRequest,
  ElevationTooCoarseError,
  GraphicDataMissingError,
  greenPrintScale,
  printScaleText,
  RENDERER_VERSION,
  RULE_43_GREEN_SCALE_DENOMINATOR,
} from '@caddie/renderer';
import { ArtifactDeliveryService } from '../artifacts/artifact-delivery.service';
import { CoursesService } from '../courses/courses.service';
import type { Principal } from '../platform/auth/principal';
import { ApiConfig } from '../platform/config/api-config';
import { AdmissionGate } from '../platform/http/admission-gate';
import type { FastAnswer } from '../platform/http/fast-lane';
import { RecentReads } from '../platform/cache/recent-reads';
import { ObjectMemory } from '../platform/storage/object-memory';
import { ApiProblem, type ParameterError } from '../platform/problems/api-problem';
import { declaredCode, isProblemCode } from '../platform/problems/problem-catalog';
import { ARTIFACT_STORE } from '../platform/storage/artifact-store.provider';
import { allowedOverlays } from './allowed-overlays';
import { graphicObjectKey } from '@caddie/jobs';
import { artifactKeyOfRenderId, CONTENT_TYPES, renderIdOf } from './graphic-artifacts';
import { DATA_MISSING_CODES } from './graphics-problems';
import { RenderQueueService } from './render-queue.service';
import type { RenderWait } from '@caddie/jobs';
import { signReceipt } from './render-receipt';
import { UsageMeter } from '../scorecards/usage-meter';

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

type CourseContext = { revision: string; context: CourseStyleContext };
type Rendered = { coalesced: boolean; outcome: RenderWait };

export const RECEIPT_TTL_SECONDS = 60 * 60;
/** The usage-unit scope under which started graphics renders are counted per organization. */
export const RENDER_COUNT_SCOPE = 'graphics:render';
/**
 * How long a course's catalog read (revision and style context) is reused by the graphics routes,
 * as the map routes do (REVISION_CACHE_MS): a changed course is drawn at its new revision at most
 * this long after the change.
 */
export const COURSE_READ_FRESH_MS = 1000;
/** Rendered graphics kept in memory per API process (the HIT answers of the fast lane come from here). */
export const GRAPHIC_MEMORY_BYTES = 64 * 1024 * 1024;
export const GRAPHIC_MEMORY_LARGEST_BYTES = 4 * 1024 * 1024;

export const SIGNED_URL_TTL_SECONDS = 15 * 60;

const IMAGE_CACHE_STATUS = { HIT: 'caddie; hit', MISS: 'caddie; fwd=miss; stored', COALESCED: 'caddie; fwd=miss; collapsed' } as const;

/**
 * The answer to an image request for a stored artifact: caching headers and, unless the client's
 * If-None-Match names it already (304), the bytes. One function for the full route and the fast lane.
 */
export function imageAnswer(cacheState: keyof typeof IMAGE_CACHE_STATUS, object: StoredObject, ifNoneMatch: string | undefined): FastAnswer {
  const etag = `"${object.metadata.sha256}"`;
  const headers: Record<string, string> = {
    etag,
    'cache-control': 'private, max-age=31536000, immutable',
    'cache-status': IMAGE_CACHE_STATUS[cacheState],
    'x-caddie-cache-state': cacheState,
  };
  // green graphics: the scale they print at, at the dpi the file declares (stored by the render worker)
  if (object.metadata.printScale) headers['caddie-print-scale'] = object.metadata.printScale;
  if (
    ifNoneMatch &&
    ifNoneMatch
      .split(',')
      .map((t) => t.trim())
      .includes(etag)
  )
    return { status: 304, headers };
  headers['content-type'] = object.contentType;
  return { status: 200, headers, body: object.body };
}

/** Problem codes the option parser uses that mean something else at the API (scorecards use image-too-large for 413). */
/** Artifact keys remembered per frozen query (courses, subjects and formats asked with it); the least recently used leave first. */
const KEYS_PER_QUERY = 64;

const PARSER_CODE_MAP: Record<string, string> = { 'image-too-large': 'graphic-too-large' };

@Injectable()
export class GraphicsService {
  private readonly courseReads = new RecentReads<CourseContext>(async (courseId) => {
    const row = await this.courses.mappedCourseRow(courseId);
    return { revision: row.revision, context: { classification: row.classification, country: row.country, region: row.region } };
  }, COURSE_READ_FRESH_MS);
  /** rendered artifacts by object key (immutable: the key names the bytes) */
  private readonly artifacts = new ObjectMemory(GRAPHIC_MEMORY_BYTES, GRAPHIC_MEMORY_LARGEST_BYTES);
  /** artifact reads under way, shared by concurrent requests of one artifact */
  private readonly artifactReads = new Map<string, Promise<StoredObject | null>>();
  /**
   * Renders this process waits for, by artifact key: identical requests join the one submit and
   * wait under way (COALESCED), so they cost Redis nothing and hold no admission slot of their own.
   */
  private readonly waitingRenders = new Map<string, Promise<Rendered>>();
  /** Artifact keys per frozen query (one per distinct query string), then per course, subject and format at a revision. */
  private readonly keysByQuery = new WeakMap<object, LRUCache<string, string | false>>();

  constructor(
    private readonly courses: CoursesService,
    private readonly renders: RenderQueueService,
    private readonly delivery: ArtifactDeliveryService,
    @Inject(ARTIFACT_STORE) private readonly store: ArtifactStore,
    private readonly config: ApiConfig,
    private readonly admission: AdmissionGate,
    private readonly meter: UsageMeter,
  ) {}

  /** GET route: subject and format from the path, options from the query. */
  async fromQuery(courseId: string, subject: string, format: string, query: Record<string, string | string[] | undefined>) {
    const { revision, context } = await this.courseContext(courseId);
    const request = this.normalize(() => parseGraphicsQuery(subject, format, query, context));
    if (request.greenData) await this.checkElevation(courseId, request);
    if (request.greenComposition?.rules) await this.checkRule43(courseId, request);
    return { revision, request };
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
    if (request.greenData) await this.checkElevation(courseId, request);
    if (request.greenComposition?.rules) await this.checkRule43(courseId, request);
    return { revision, request };
  }

  /** rules=rule-4.3: a green that would print larger than 1:480 at its dpi is refused before anything is queued. */
  private async checkRule43(courseId: string, request: NormalizedGraphicRequest): Promise<void> {
    if (request.subject.type !== 'green') return;
    const { course } = await this.courses.course(courseId);
    let scale;
    try {
      scale = greenPrintScale(course, request);
    } catch (error) {
      if (error instanceof GraphicDataMissingError) throw new ApiProblem(declaredCode(error.code, 'green-missing'), error.message);
      throw error;
    }
    if (scale.denominator >= RULE_43_GREEN_SCALE_DENOMINATOR) return;
    const { width, height } = scale.largestConforming;
    const dpi = request.output.dpi;
    const inches = (px: number) => Math.floor((px / dpi) * 100) / 100;
    throw new ApiProblem(
      'green-scale-exceeds-rule-4.3',
      `Rule 4.3 allows green-reading materials at 1:${RULE_43_GREEN_SCALE_DENOMINATOR} or smaller; this green prints at ${printScaleText(scale.denominator)} at ${request.output.width}x${request.output.height} px and ${dpi} dpi. The largest conforming output is ${width}x${height} px (${inches(width)} x ${inches(height)} in at ${dpi} dpi).`,
      {
        extras: {
          rule: 'rule-4.3',
          printScale: printScaleText(scale.denominator),
          largestAllowedScale: `1:${RULE_43_GREEN_SCALE_DENOMINATOR}`,
          largestWidth: width,
          largestHeight: height,
          dpi,
        },
      },
    );
  }

  /** Framing points that coincide or lie far from the hole are refused before anything is queued. */
  private async checkRegion(courseId: string, request: NormalizedGraphicRequest): Promise<void> {
    const { course } = await this.courses.course(courseId);
    try {
      checkRegionRequest(course, request);
    } catch (error) {
      if (error instanceof GraphicDataMissingError) throw new ApiProblem(declaredCode(error.code, 'region-point-unresolved'), error.message);
      throw error;
    }
  }

  /** A heatmap or slope arrows from elevation too coarse to show them is refused before anything is queued. */
  private async checkElevation(courseId: string, request: NormalizedGraphicRequest): Promise<void> {
    const { course } = await this.courses.course(courseId);
    try {
      checkElevationResolution(course, request);
    } catch (error) {
      if (error instanceof ElevationTooCoarseError)
        throw new ApiProblem(declaredCode(error.code, 'elevation-too-coarse'), error.message, { extras: error.extras });
      throw error;
    }
  }

  /** Finds the artifact or has it rendered (coalesced across the cluster), waiting up to the deadline. */
  async render(courseId: string, revision: string, request: NormalizedGraphicRequest, principal?: Principal): Promise<RenderOutcome> {
    const artifactKey = computeArtifactKey(RENDERER_VERSION, revision, request);
    const base = { request, artifactKey, renderId: renderIdOf(artifactKey), contentType: CONTENT_TYPES[request.output.format as keyof typeof CONTENT_TYPES] };
    const objectKey = graphicObjectKey(artifactKey);
    // a render this process already waits for is joined without asking the store first
    let rendering = this.waitingRenders.get(artifactKey);
    if (!rendering) {
      const stored = this.artifacts.get(objectKey) ?? (await this.store.head(objectKey));
      if (stored) return { ...base, cacheState: 'HIT', sha256: stored.metadata.sha256 };
      // another request may have started the render while the store answered
      rendering = this.waitingRenders.get(artifactKey);
    }
    const leads = !rendering;
    if (!rendering) {
      const started = this.admission.admit('render', async () => {
        const { jobId, coalesced } = await this.renders.submit({
          artifactKey,
          courseId,
          courseRevision: revision,
          request: request as unknown as Record<string, unknown>,
        });
        if (!coalesced && principal) this.countRender(principal, base.renderId);
        return { coalesced, outcome: await this.renders.wait(jobId, this.config.env.RENDER_WAIT_MS) };
      });
      rendering = started;
      this.waitingRenders.set(artifactKey, started);
      const forget = () => {
        if (this.waitingRenders.get(artifactKey) === started) this.waitingRenders.delete(artifactKey);
      };
      started.then(forget, forget);
    }
    const { coalesced, outcome } = await rendering;
    if (outcome.state === 'done') return { ...base, cacheState: coalesced || !leads ? 'COALESCED' : 'MISS', sha256: outcome.result.sha256 };
    if (outcome.state === 'pending') return { ...base, cacheState: 'RENDERING' };
    // A worker can store the artifact and then lose its job (its lock lapsed while it painted, or
    // it died before reporting): the stored artifact is complete (written once, at the end), so
    // it is the answer rather than a failure.
    const stored = await this.store.head(objectKey).catch(() => null);
    if (stored) return { ...base, cacheState: coalesced || !leads ? 'COALESCED' : 'MISS', sha256: stored.metadata.sha256 };
    return { ...base, cacheState: 'FAILED', failure: failureProblem(outcome.reason) };
  }

  /**
   * One render job this organization started (a cache miss nobody else was rendering), kept with
   * the usage units under RENDER_COUNT_SCOPE. A count that cannot be written does not fail the image.
   */
  private countRender(principal: Principal, renderId: string): void {
    this.meter.record(`render_${randomUUID()}`, principal, RENDER_COUNT_SCOPE, renderId.slice(0, 128)).catch(() => undefined);
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
    const object = await this.artifact(graphicObjectKey(outcome.artifactKey));
    if (!object) throw new ApiProblem('render-failed', 'The rendered artifact is missing from the store.');
    const answer = imageAnswer(outcome.cacheState, object, ifNoneMatch);
    reply.headers(answer.headers).status(answer.status).send(answer.body);
  }

  /**
   * What the GET image route answers for a stored artifact, from memory only (the fast lane):
   * the course read is fresh, the query parses, and the artifact is in memory; null otherwise.
   */
  imageNow(courseId: string, subject: string, format: string, query: Readonly<Record<string, string>>, ifNoneMatch: string | undefined): FastAnswer | null {
    const course = this.courseReads.now(courseId);
    if (!course) return null;
    const artifactKey = this.artifactKeyNow(query, courseId, subject, format, course);
    const object = artifactKey && this.artifacts.get(graphicObjectKey(artifactKey));
    return object ? imageAnswer('HIT', object, ifNoneMatch) : null;
  }

  private artifactKeyNow(query: Readonly<Record<string, string>>, courseId: string, subject: string, format: string, course: CourseContext): string | null {
    let keys = this.keysByQuery.get(query);
    if (!keys) {
      if (!Object.isFrozen(query)) return null;
      this.keysByQuery.set(query, (keys = new LRUCache({ max: KEYS_PER_QUERY })));
    }
    const name = `${courseId}/${subject}/${format}@${course.revision}`;
    let key = keys.get(name);
    if (key === undefined) {
      try {
        key = computeArtifactKey(RENDERER_VERSION, course.revision, parseGraphicsQuery(subject, format, query, course.context));
      } catch {
        // the full route explains the refusal
        key = false;
      }
      keys.set(name, key);
    }
    return key || null;
  }

  /** A stored artifact, from memory or the store (concurrent reads of one artifact share one). */
  private artifact(objectKey: string): Promise<StoredObject | null> {
    const known = this.artifacts.get(objectKey);
    if (known) return Promise.resolve(known);
    let reading = this.artifactReads.get(objectKey);
    if (!reading) {
      const started = this.store.get(objectKey).then((object) => {
        if (object) this.artifacts.put(objectKey, object);
        return object;
      });
      reading = started;
      this.artifactReads.set(objectKey, started);
      const forget = () => {
        if (this.artifactReads.get(objectKey) === started) this.artifactReads.delete(objectKey);
      };
      started.then(forget, forget);
    }
    return reading;
  }

  /** Polling a render by id: the image when stored, 202 while rendering, 404 when unknown. */
  async byRenderId(renderId: string): Promise<RenderOutcome> {
    const artifactKey = artifactKeyOfRenderId(renderId);
    if (!artifactKey) throw new ApiProblem('invalid-parameter', 'renderId must be rnd_ followed by 64 hexadecimal characters.');
    const head = this.artifacts.get(graphicObjectKey(artifactKey)) ?? (await this.store.head(graphicObjectKey(artifactKey)));
    const base = { artifactKey, renderId, request: undefined as unknown as NormalizedGraphicRequest, contentType: head?.contentType ?? '' };
    if (head) return { ...base, cacheState: 'HIT', sha256: head.metadata.sha256 };
    if (await this.renders.pendingJobFor(artifactKey)) return { ...base, cacheState: 'RENDERING' };
    throw new ApiProblem('render-not-found', `No render ${renderId} is stored or in progress.`);
  }

  private courseContext(courseId: string): Promise<CourseContext> {
    return this.courseReads.get(courseId);
  }

  private normalize(parse: () => NormalizedGraphicRequest): NormalizedGraphicRequest {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof GraphicsRequestError)) throw error;
      const errors: ParameterError[] = error.problems.map((p) => ({ parameter: p.parameter, code: PARSER_CODE_MAP[p.code] ?? p.code, detail: p.detail }));
      const codes = [...new Set(errors.map((e) => e.code))];
      throw new ApiProblem(
        codes.length === 1 ? declaredCode(codes[0], 'invalid-parameter') : 'invalid-parameter',
        errors.map((e) => `${e.parameter}: ${e.detail}`).join('; '),
        { errors },
      );
    }
  }
}

/** Workers fail jobs with a JSON reason { code, detail } for known problems; anything else is internal. */
export function failureProblem(reason: string): ApiProblem {
  try {
    const parsed = JSON.parse(reason) as { code?: string; detail?: string };
    if (parsed.code && (DATA_MISSING_CODES.includes(parsed.code) || parsed.code === 'render-not-found') && isProblemCode(parsed.code))
      return new ApiProblem(parsed.code, parsed.detail ?? 'Missing data.');
  } catch {
    // not a structured reason
  }
  return new ApiProblem('render-failed', 'The render failed.');
}
