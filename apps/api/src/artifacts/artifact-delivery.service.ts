import { Inject, Injectable } from '@nestjs/common';
import { type ArtifactStore, encodeArtifactToken, S3ArtifactStore, signArtifact } from '@caddie/artifacts';
import { ApiConfig } from '../platform/config/api-config';
import { ARTIFACT_STORE } from '../platform/storage/artifact-store.provider';

export interface SignedDelivery {
  url: string;
  expiresAt: Date;
}

/** Short-lived signed URLs for stored artifacts: S3 presigned GETs, or HMAC-signed API URLs for the local store. */
@Injectable()
export class ArtifactDeliveryService {
  constructor(
    @Inject(ARTIFACT_STORE) private readonly store: ArtifactStore,
    private readonly config: ApiConfig,
  ) {}

  async signedUrl(key: string, ttlSeconds: number): Promise<SignedDelivery> {
    const expiresAtSeconds = Math.floor(Date.now() / 1000) + ttlSeconds;
    if (this.store instanceof S3ArtifactStore) {
      return { url: await this.store.presignedGetUrl(key, ttlSeconds), expiresAt: new Date(expiresAtSeconds * 1000) };
    }
    const signature = signArtifact(this.config.signingSecret, key, expiresAtSeconds);
    return {
      url: `${this.config.publicBaseUrl}/v1/artifacts/${encodeArtifactToken(key)}?exp=${expiresAtSeconds}&sig=${signature}`,
      expiresAt: new Date(expiresAtSeconds * 1000),
    };
  }
}
