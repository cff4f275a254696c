import { Inject, Injectable } from '@nestjs/common';
import type { ArtifactStore } from '@caddie/artifacts';
import { OverlayDataMissingError, OverlayRequestError, parseOverlayItems, type NormalizedGraphicRequest, type OverlayType } from '@caddie/styles';
import { resolveOverlays, type SpatialSidecar } from '@caddie/renderer';
import { CoursesService } from '../courses/courses.service';
import type { Principal } from '../platform/auth/principal';
import { ApiConfig } from '../platform/config/api-config';
import { ApiProblem } from '../platform/problems/api-problem';
import { isProblemCode, PROBLEM_CODES } from '../platform/problems/problem-catalog';
import { ARTIFACT_STORE } from '../platform/storage/artifact-store.provider';
import { renderRecordKey } from '@caddie/jobs';
import { verifyReceipt } from './render-receipt';

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
      const code = errors.some((e) => e.code === 'overlay-not-allowed') ? 'overlay-not-allowed' : errors.every((e) => e.code === errors[0].code) ? errors[0].code : 'invalid-parameter';
      throw new ApiProblem(code, errors.map((e) => `${e.parameter}: ${e.detail}`).join('; '), { errors });
    }

    const stored = await this.store.get(renderRecordKey(claims.ak));
    if (!stored) throw new ApiProblem('render-not-ready', 'The render is not stored yet; retry when its image is available.');
    const record = JSON.parse(stored.body.toString('utf8')) as RenderRecord;
    const { revision, course } = await this.courses.course(record.sidecar.courseId);
    if (revision !== record.courseRevision) throw new ApiProblem('render-stale', 'The course changed since this render.');
    try {
      return {
        renderId,
        artifact: { width: record.sidecar.output.width, height: record.sidecar.output.height, format: record.sidecar.output.format },
        preset: { subject: record.request.subject, graphicStyle: record.request.style.graphicStyle },
        overlays: resolveOverlays(overlays, { course, request: record.request, sidecar: record.sidecar }),
      };
    } catch (error) {
      if (error instanceof OverlayDataMissingError) {
        // the component's own code when it is a declared 422, else the generic one
        const code = isProblemCode(error.code) && PROBLEM_CODES[error.code].status === 422 ? error.code : 'overlay-data-missing';
        throw new ApiProblem(code, error.message, error.extras ? { extras: error.extras } : {});
      }
      throw error;
    }
  }
}
