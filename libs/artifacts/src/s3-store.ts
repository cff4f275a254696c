import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeFolder, assertSafeKey, type ArtifactStore, type ObjectHead, type StoredObject } from './artifact-store';

export interface S3StoreSettings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** S3 or any S3-compatible store. A PUT is atomic by S3's own semantics. */
export class S3ArtifactStore implements ArtifactStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(readonly settings: S3StoreSettings) {
    const config: S3ClientConfig = { region: settings.region, forcePathStyle: settings.forcePathStyle };
    if (settings.endpoint) config.endpoint = settings.endpoint;
    if (settings.accessKeyId && settings.secretAccessKey) {
      config.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
    }
    this.client = new S3Client(config);
  }

  async put(key: string, body: Buffer, contentType: string, metadata: Record<string, string> = {}): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentType, Metadata: metadata }));
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      const body = Buffer.from(await out.Body!.transformToByteArray());
      return { body, contentType: out.ContentType ?? 'application/octet-stream', metadata: out.Metadata ?? {} };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async getRange(key: string, start: number, end: number): Promise<Buffer | null> {
    assertSafeKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range: `bytes=${start}-${end}` }));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<ObjectHead | null> {
    assertSafeKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? 'application/octet-stream', metadata: out.Metadata ?? {} };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  /**
   * Derived from the keys rather than asked with `Delimiter`, which some S3-compatible servers
   * (s3rver among them) answer with an incomplete `CommonPrefixes`.
   */
  async listFolders(folder: string): Promise<string[]> {
    assertSafeFolder(folder);
    const folders = new Set<string>();
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: folder, ContinuationToken: token }));
      for (const { Key } of page.Contents ?? []) {
        const slash = Key?.indexOf('/', folder.length) ?? -1;
        if (slash > folder.length) folders.add(Key!.slice(0, slash + 1));
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return [...folders];
  }

  /** Lists and deletes a page (up to 1,000 keys) at a time. */
  async deleteFolder(folder: string): Promise<number> {
    assertSafeFolder(folder);
    let deleted = 0;
    for (;;) {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: folder }));
      const keys = (page.Contents ?? []).map((o) => o.Key!).filter(Boolean);
      if (keys.length === 0) return deleted;
      const out = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
      );
      if (out.Errors?.length) throw new Error(`S3 refused to delete ${out.Errors.length} object(s) under ${folder}: ${out.Errors[0].Code ?? 'unknown'}`);
      deleted += keys.length;
    }
  }

  /** A presigned GET URL, valid for `ttlSeconds` (S3 caps presigned URLs at 7 days). */
  presignedGetUrl(key: string, ttlSeconds: number): Promise<string> {
    assertSafeKey(key);
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }), { expiresIn: ttlSeconds });
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
  }
}
