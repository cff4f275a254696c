import { join, resolve } from 'node:path';
import type { CommonEnv } from '@caddie/config';
import type { ArtifactStore } from './artifact-store';
import { LocalDiskArtifactStore } from './local-disk-store';
import { S3ArtifactStore } from './s3-store';

/** S3 when S3_BUCKET is set, otherwise the local disk folder DATA_DIR/artifacts. */
export function createArtifactStore(env: CommonEnv): ArtifactStore {
  if (env.S3_BUCKET) {
    return new S3ArtifactStore({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalDiskArtifactStore(resolve(join(env.DATA_DIR, 'artifacts')));
}
