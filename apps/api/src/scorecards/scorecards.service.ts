import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { normalizationSchema, parseNormalizationVersion, probePhoto, ScorecardError, type NormalizationVersion } from '@caddie/scorecards';
import { ApiConfig } from '../platform/config/api-config';
import { ApiProblem } from '../platform/problems/api-problem';
import { createImageFetchDispatcher, fetchImageUrl } from './image-url-fetcher';
import { NormalizationQueue } from './normalization-queue';
import { ScorecardArtifactDelivery } from './scorecard-artifact-delivery';
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
export class ScorecardsService implements OnApplicationShutdown {
  private readonly dispatcher = createImageFetchDispatcher();

  constructor(
    private readonly config: ApiConfig,
    private readonly queue: NormalizationQueue,
    private readonly artifacts: ScorecardArtifactDelivery,
  ) {}

  get versionHeader(): string {
    return `${this.config.operatorToken}-scorecard-normalization-version`;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.dispatcher.close().catch(() => undefined);
  }

  async normalize(request: FastifyRequest): Promise<NormalizeAnswer> {
    const startedAt = Date.now();
    const version = parseNormalizationVersion(request.headers[this.versionHeader]);
    if (!version) throw new ApiProblem('unsupported-normalization-version', `${this.versionHeader} must be 2, 3 or 4 (default 4).`);
    const input = await readScorecardRequest(request);
    const bytes = input.image.method === 'multipart' ? input.image.bytes : await fetchImageUrl(input.image.url, this.dispatcher);
    try {
      await probePhoto(bytes);
    } catch (error) {
      if (error instanceof ScorecardError) throw new ApiProblem(error.code, error.message);
      throw error;
    }
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
