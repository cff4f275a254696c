import { Inject, Injectable } from '@nestjs/common';
import type { ArtifactStore } from '@caddie/artifacts';
import { OverlayRequestError, parseOverlayItems, type NormalizedGraphicRequest, type OverlayType } from '@caddie/styles';
import { DEFAULT_OVERLAY_BUDGET, type SpatialSidecar } from '@caddie/renderer';
import { CoursesService } from '../courses/courses.service';
import type { Principal } from '../platform/auth/principal';
import { ApiConfig } from '../platform/config/api-config';
import { ApiProblem } from '../platform/problems/api-problem';
import { isProblemCode, PROBLEM_CODES } from '../platform/problems/problem-catalog';
import { ARTIFACT_STORE } from '../platform/storage/artifact-store.provider';
import { renderRecordKey } from '@caddie/jobs';
import { verifyReceipt } from './render-receipt';
import type { OverlayResolutionOutcome, OverlayResolutionTask } from './overlay-resolution-task';
import { OverlayResolutionPool } from './overlay-resolution-pool';
import { ThreadPoolBusyError, ThreadTaskTimeoutError } from '../platform/threads/worker-thread-pool';
import { ADMISSION_RETRY_AFTER_SECONDS } from '../platform/http/admission-gate';

/**
 * Time one overlay resolution may take, waiting for a thread included: well inside the request's
 * total budget (40 s by default), so the answer is this route's own problem, never a hung request.
 */
export const OVERLAY_RESOLVE_TIMEOUT_MS = 20_000;

interface RenderRecord {
  sidecar: SpatialSidecar;
  request: NormalizedGraphicRequest;
  courseRevision: string;
}

/** Resolves overlay components against the exact rendered artifact a receipt authorizes. */
@Injectable()
export class OverlaysService {
  constructor(
    private readonly courses: CoursesService,
    @Inject(ARTIFACT_STORE) private readonly store: ArtifactStore,
    private readonly config: ApiConfig,
    private readonly threads: OverlayResolutionPool,
  ) {}

  async resolve(renderId: string, receipt: string, items: unknown, principal: Principal) {
    const verdict = verifyReceipt(this.config.signingSecret, receipt);
    if (!verdict.ok) {
      if (verdict.reason === 'expired') throw new ApiProblem('receipt-expired', 'The render receipt has expired.');
      throw new ApiProblem('invalid-receipt', 'The render receipt is malformed or its signature does not match.');
    }
    const claims = verdict.claims;
    if (claims.rid !== renderId) throw new ApiProblem('invalid-receipt', 'The receipt belongs to another render.');
    if (claims.kid !== principal.keyId) throw new ApiProblem('invalid-receipt', 'The receipt was issued to another API key.');

    let overlays;
    try {
      overlays = parseOverlayItems(items, claims.ov as OverlayType[]);
    } catch (error) {
      if (!(error instanceof OverlayRequestError)) throw error;
      const errors = error.problems.map((p) => ({ parameter: p.parameter, code: p.code, detail: p.detail }));
      const code = errors.some((e) => e.code === 'overlay-not-allowed')
        ? 'overlay-not-allowed'
        : errors.every((e) => e.code === errors[0].code)
          ? errors[0].code
          : 'invalid-parameter';
      throw new ApiProblem(code, errors.map((e) => `${e.parameter}: ${e.detail}`).join('; '), { errors });
    }

    const stored = await this.store.get(renderRecordKey(claims.ak));
    if (!stored) throw new ApiProblem('render-not-ready', 'The render is not stored yet; retry when its image is available.');
    const record = JSON.parse(stored.body.toString('utf8')) as RenderRecord;
    const { revision, course } = await this.courses.course(record.sidecar.courseId);
    if (revision !== record.courseRevision) throw new ApiProblem('render-stale', 'The course changed since this render.');
    const outcome = await this.resolveInThread({
      items: overlays,
      context: { course, request: record.request, sidecar: record.sidecar },
      budget: DEFAULT_OVERLAY_BUDGET,
    });
    if (!outcome.ok) {
      // the component's own code when it is a declared 422, else the generic one
      if (outcome.code === null) throw new Error(`overlay resolution failed: ${outcome.message}`);
      const code = isProblemCode(outcome.code) && PROBLEM_CODES[outcome.code].status === 422 ? outcome.code : 'overlay-data-missing';
      throw new ApiProblem(code, outcome.message, outcome.extras ? { extras: outcome.extras } : {});
    }
    return {
      renderId,
      artifact: { width: record.sidecar.output.width, height: record.sidecar.output.height, format: record.sidecar.output.format },
      preset: { subject: record.request.subject, graphicStyle: record.request.style.graphicStyle },
      overlays: outcome.overlays,
    };
  }

  private async resolveInThread(task: OverlayResolutionTask): Promise<OverlayResolutionOutcome> {
    const retry = { headers: { 'Retry-After': String(ADMISSION_RETRY_AFTER_SECONDS) } };
    try {
      return await this.threads.pool.run(task, OVERLAY_RESOLVE_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof ThreadPoolBusyError)
        throw new ApiProblem('server-busy', 'Every overlay thread of this API process is busy and its queue is full; retry after Retry-After.', retry);
      if (error instanceof ThreadTaskTimeoutError) {
        throw new ApiProblem('request-deadline-exceeded', `The overlay components were not resolved within ${OVERLAY_RESOLVE_TIMEOUT_MS / 1000} s.`, {
          headers: { 'Retry-After': '5' },
        });
      }
      throw new ApiProblem('service-unavailable', 'The overlay thread stopped while resolving (out of memory); retry with fewer or smaller components.', retry);
    }
  }
}
