import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { normalizationSchema, parseNormalizationVersion, type NormalizationVersion } from '@caddie/scorecards';
import { ApiConfig } from '../platform/config/api-config';
import { operatorHeaderName } from '../platform/http/operation.decorator';
import { AdmissionGate } from '../platform/http/admission-gate';
import { ApiProblem } from '../platform/problems/api-problem';
import { NORMALIZATION_VERSION_HEADER } from './scorecard-headers';
import { ScorecardQueue } from './scorecard-queue';
import { ScorecardArtifactDelivery } from './scorecard-artifact-delivery';
import { ScorecardImageSource } from './scorecard-image-source';
import { readScorecardRequest } from './scorecard-request-reader';

export interface NormalizeAnswer {
  version: NormalizationVersion;
  body: Record<string, unknown>;
}

/**
 * POST /v1/scorecards/normalize: version, input, image checks here; the OpenCV work in a
 * scorecard worker; signed artifact descriptors on the way out. The photo lives in memory
 * and in the (self-removing) job only.
 */
@Injectable()
export class ScorecardsService {
  constructor(
    private readonly config: ApiConfig,
    private readonly queue: ScorecardQueue,
    private readonly artifacts: ScorecardArtifactDelivery,
    private readonly images: ScorecardImageSource,
    private readonly admission: AdmissionGate,
  ) {}

  get versionHeader(): string {
    return operatorHeaderName(NORMALIZATION_VERSION_HEADER.name, this.config.operatorToken);
  }

  normalize(request: FastifyRequest): Promise<NormalizeAnswer> {
    return this.admission.admit('upload', () => this.normalizeAdmitted(request));
  }

  private async normalizeAdmitted(request: FastifyRequest): Promise<NormalizeAnswer> {
    const startedAt = Date.now();
    const version = parseNormalizationVersion(request.headers[this.versionHeader]);
    if (!version) throw new ApiProblem('unsupported-normalization-version', `${this.versionHeader} must be 2, 3 or 4 (default 4).`);
    const input = await readScorecardRequest(request);
    const bytes = await this.images.bytes(input.image);
    const result = await this.queue.normalize({ imageBase64: bytes.toString('base64'), version, requestId: String(request.id) }, startedAt);
    const body = await this.artifacts.sign(version, result);
    return {
      version,
      body: {
        requestId: String(request.id),
        courseId: input.metadata.courseId,
        teeBox: input.metadata.teeBox,
        identifier: input.metadata.identifier,
        schema: normalizationSchema(this.config.operatorToken, version),
        ...(version === 4 ? { status: body.status } : {}),
        source: { method: input.image.method, persisted: false },
        ...body,
      },
    };
  }
}
