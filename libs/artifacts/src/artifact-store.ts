/** Where rendered artifacts, archives and scorecard derivatives live: local disk or S3. */
export interface StoredObject {
  body: Buffer;
  contentType: string;
  metadata: Record<string, string>;
}

export interface ObjectHead {
  size: number;
  contentType: string;
  metadata: Record<string, string>;
}

export interface ArtifactStore {
  readonly kind: 'local' | 's3';
  /** Atomic: readers see the whole object or none of it. */
  put(key: string, body: Buffer, contentType: string, metadata?: Record<string, string>): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** A byte range [start, end] inclusive, for archive Range requests. */
  getRange(key: string, start: number, end: number): Promise<Buffer | null>;
  head(key: string): Promise<ObjectHead | null>;
  delete(key: string): Promise<void>;
  /** The immediate sub-folders of `folder` (a key prefix ending in `/`), each ending in `/`. */
  listFolders(folder: string): Promise<string[]>;
  /** Deletes every object under `folder` (a key prefix ending in `/`); returns how many. */
  deleteFolder(folder: string): Promise<number>;
  /** Throws when the store cannot be used (readiness). */
  check(): Promise<void>;
}

/** Folders are key prefixes of safe segments ending in `/`. */
export function assertSafeFolder(folder: string): void {
  if (!folder.endsWith('/')) throw new Error(`artifact folder ${JSON.stringify(folder)} must end in /`);
  assertSafeKey(folder.slice(0, -1));
}

/** Object keys are relative paths of safe segments; anything else is a programming error. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(key) || key.includes('..')) {
    throw new Error(`unsafe artifact key ${JSON.stringify(key)}`);
  }
}
