import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ArtifactStore } from '@caddie/artifacts';
import type { ScorecardNormalizeResult, StoredScorecardArtifact } from '@caddie/jobs';
import { ARTIFACT_URL_TTL_SECONDS, mapArtifactSlots, type ArtifactPair, type NormalizationVersion } from '@caddie/scorecards';
import { ArtifactDeliveryService } from '../artifacts/artifact-delivery.service';
import { ApiProblem } from '../platform/problems/api-problem';
import { ARTIFACT_STORE } from '../platform/storage/artifact-store.provider';

export interface ArtifactDescriptor {
  url: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  width: number;
  height: number;
  expiresAt: string;
  retentionUntil: string;
}

/**
 * Turns the stored artifacts of a normalization into signed descriptors. When signing fails
 * the objects are deleted: nothing the client cannot reach is left behind as a result.
 */
@Injectable()
export class ScorecardArtifactDelivery {
  private readonly logger = new Logger('ScorecardArtifacts');

  constructor(
    private readonly delivery: ArtifactDeliveryService,
    @Inject(ARTIFACT_STORE) private readonly store: ArtifactStore,
  ) {}

  /** Each URL ends at `ttlSeconds` or at the artifact's `retentionUntil`, whichever comes first. */
  async sign(
    version: NormalizationVersion,
    result: ScorecardNormalizeResult,
    ttlSeconds = ARTIFACT_URL_TTL_SECONDS,
    now = Date.now(),
  ): Promise<Record<string, unknown>> {
    const stored: StoredScorecardArtifact[] = [];
    mapArtifactSlots(version, result.body, (_i, pair) => {
      const p = pair as ArtifactPair<StoredScorecardArtifact>;
      stored.push(p.normalizedImage, p.debugImage);
      return p;
    });
    const signed = new Map<string, { url: string; expiresAt: Date }>();
    try {
      for (const artifact of stored) {
        const untilDeletion = Math.floor((Date.parse(artifact.retentionUntil) - now) / 1000);
        if (!(untilDeletion > 0)) throw new Error(`artifact ${artifact.key} is past its retention`);
        signed.set(artifact.key, await this.delivery.signedUrl(artifact.key, Math.min(ttlSeconds, untilDeletion)));
      }
    } catch (error) {
      this.logger.warn(`signing failed: ${(error as Error).message}`);
      await this.discard(result.artifactKeys);
      throw new ApiProblem('scorecard-artifact-signing-unavailable', 'The derived images could not be signed; retry with backoff.', {
        headers: { 'Retry-After': '5' },
      });
    }
    const describe = (a: StoredScorecardArtifact): ArtifactDescriptor => {
      const { url, expiresAt } = signed.get(a.key)!;
      return {
        url,
        contentType: a.contentType,
        sizeBytes: a.sizeBytes,
        sha256: a.sha256,
        width: a.width,
        height: a.height,
        expiresAt: expiresAt.toISOString(),
        retentionUntil: a.retentionUntil,
      };
    };
    return mapArtifactSlots(version, result.body, (_i, pair) => {
      const p = pair as ArtifactPair<StoredScorecardArtifact>;
      return { normalizedImage: describe(p.normalizedImage), debugImage: describe(p.debugImage) };
    });
  }

  /** Best effort: lifecycle retention removes whatever a failed delete leaves. */
  async discard(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.store.delete(key).catch(() => undefined)));
  }
}
