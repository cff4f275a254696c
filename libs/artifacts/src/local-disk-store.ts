import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertSafeFolder, assertSafeKey, type ArtifactStore, type ObjectHead, type StoredObject } from './artifact-store';

/**
 * Objects as files under one folder, metadata in a sidecar `.meta.json`. Writes go to a temp
 * file and are renamed into place (atomic on one filesystem); the metadata is renamed first,
 * so an object file present always has its metadata.
 */
export class LocalDiskArtifactStore implements ArtifactStore {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private paths(key: string) {
    assertSafeKey(key);
    const file = join(this.root, key);
    return { file, meta: `${file}.meta.json` };
  }

  async put(key: string, body: Buffer, contentType: string, metadata: Record<string, string> = {}): Promise<void> {
    const { file, meta } = this.paths(key);
    await mkdir(dirname(file), { recursive: true });
    const suffix = `.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
    await writeFile(meta + suffix, JSON.stringify({ contentType, metadata }));
    await writeFile(file + suffix, body);
    await rename(meta + suffix, meta);
    await rename(file + suffix, file);
  }

  async get(key: string): Promise<StoredObject | null> {
    const { file, meta } = this.paths(key);
    try {
      // metadata and bytes in one step: this is the path of every cache hit
      const [raw, body] = await Promise.all([readFile(meta, 'utf8'), readFile(file)]);
      const parsed = JSON.parse(raw) as { contentType: string; metadata: Record<string, string> };
      return { body, contentType: parsed.contentType, metadata: parsed.metadata };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async getRange(key: string, start: number, end: number): Promise<Buffer | null> {
    const { file } = this.paths(key);
    let handle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const length = end - start + 1;
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async head(key: string): Promise<ObjectHead | null> {
    const { file, meta } = this.paths(key);
    try {
      const [info, raw] = await Promise.all([stat(file), readFile(meta, 'utf8')]);
      const parsed = JSON.parse(raw) as { contentType: string; metadata: Record<string, string> };
      return { size: info.size, contentType: parsed.contentType, metadata: parsed.metadata };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { file, meta } = this.paths(key);
    await rm(file, { force: true });
    await rm(meta, { force: true });
  }

  async listFolders(folder: string): Promise<string[]> {
    assertSafeFolder(folder);
    const entries = await readdir(join(this.root, folder), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    return entries.filter((e) => e.isDirectory()).map((e) => `${folder}${e.name}/`);
  }

  async deleteFolder(folder: string): Promise<number> {
    assertSafeFolder(folder);
    const path = join(this.root, folder);
    const files = await readdir(path, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    // Objects, not their metadata sidecars or temp files of an interrupted write.
    const objects = files.filter((f) => f.isFile() && !f.name.endsWith('.meta.json') && !f.name.includes('.tmp-')).length;
    await rm(path, { recursive: true, force: true });
    return objects;
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK | constants.R_OK);
  }
}
