import { createHash, randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import type { ArtifactStore } from '@caddie/artifacts';
import { FiducialError, OpenCvUnavailableError } from '@caddie/fiducials';
import { encodeScorecardFailure, type ScorecardNormalizePayload, type ScorecardNormalizeResult, type StoredScorecardArtifact } from '@caddie/jobs';
import {
  decodePhoto,
  mapArtifactSlots,
  normalizePhoto,
  retentionUntil,
  scorecardArtifactFolder,
  ScorecardError,
  type ArtifactPair,
  type EncodedImage,
} from '@caddie/scorecards';

/** A failure the API answers with `code`; never retried (the request deadline would pass anyway). */
function fail(code: string, detail: string): UnrecoverableError {
  return new UnrecoverableError(encodeScorecardFailure({ code, detail }));
}

/**
 * The `scorecard.normalize` job: decode, normalize, store the derived images, return the
 * body with stored-artifact descriptors. Work whose request deadline has passed is dropped.
 */
export class ScorecardNormalizer {
  private readonly logger = new Logger('ScorecardNormalizer');

  constructor(
    private readonly store: ArtifactStore,
    private readonly now: () => number = Date.now,
  ) {}

  async handle(payload: ScorecardNormalizePayload): Promise<ScorecardNormalizeResult> {
    this.assertBeforeDeadline(payload);
    let normalization;
    try {
      const image = await decodePhoto(Buffer.from(payload.imageBase64, 'base64'));
      normalization = await normalizePhoto(image, payload.version);
    } catch (error) {
      if (error instanceof FiducialError || error instanceof ScorecardError) throw fail(error.code, error.message);
      if (error instanceof OpenCvUnavailableError) throw fail('scorecard-normalization-unavailable', 'the marker detector is unavailable');
      this.logger.error(`normalization failed: ${(error as Error).stack ?? error}`);
      throw fail('scorecard-normalization-unavailable', 'normalization failed unexpectedly');
    }
    this.assertBeforeDeadline(payload);
    const stored = await this.storeArtifacts(normalization.artifacts);
    const body = mapArtifactSlots(payload.version, normalization.body, (pageIndex) => stored.pairs[pageIndex]);
    return { body, artifactKeys: stored.keys };
  }

  private assertBeforeDeadline(payload: ScorecardNormalizePayload): void {
    if (this.now() > payload.deadline) {
      throw fail('scorecard-normalization-unavailable', 'the request deadline passed before the normalization finished');
    }
  }

  /**
   * Writes each image into the folder of its deletion day, then reads its size back; a failed write or a
   * mismatch deletes everything this request wrote before failing.
   */
  private async storeArtifacts(pairs: ArtifactPair<EncodedImage>[]): Promise<{ pairs: ArtifactPair<StoredScorecardArtifact>[]; keys: string[] }> {
    const now = new Date(this.now());
    const folder = `${scorecardArtifactFolder(now)}${randomUUID()}`;
    const retention = retentionUntil(now).toISOString();
    const keys: string[] = [];
    const put = async (image: EncodedImage, name: string): Promise<StoredScorecardArtifact> => {
      const key = `${folder}/${name}.${image.contentType === 'image/png' ? 'png' : 'jpg'}`;
      const sha256 = `sha256:${createHash('sha256').update(image.bytes).digest('hex')}`;
      keys.push(key);
      try {
        await this.store.put(key, image.bytes, image.contentType, { sha256, retentionUntil: retention });
      } catch (error) {
        throw fail('scorecard-artifact-storage-unavailable', `derived image could not be stored: ${(error as Error).message}`);
      }
      const head = await this.store.head(key).catch(() => null);
      if (!head || head.size !== image.bytes.length || head.metadata.sha256 !== sha256) {
        throw fail('scorecard-artifact-verification-failed', `stored image ${name} does not read back as written`);
      }
      return {
        key,
        contentType: image.contentType,
        sizeBytes: image.bytes.length,
        sha256,
        width: image.width,
        height: image.height,
        retentionUntil: retention,
      };
    };
    try {
      const stored: ArtifactPair<StoredScorecardArtifact>[] = [];
      for (const [i, pair] of pairs.entries()) {
        stored.push({
          normalizedImage: await put(pair.normalizedImage, `page-${i + 1}-normalized`),
          debugImage: await put(pair.debugImage, `page-${i + 1}-markers`),
        });
      }
      return { pairs: stored, keys };
    } catch (error) {
      await Promise.all(keys.map((key) => this.store.delete(key).catch(() => undefined)));
      throw error;
    }
  }
}
