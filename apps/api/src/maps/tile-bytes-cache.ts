/** Bytes held by a TileBytesCache; `bytes` turns null once the cache lets them go. */
export interface CachedTile {
  readonly key: string;
  bytes: Buffer | null;
  /** the cache's use count when the entry last moved to the newest end */
  placed: number;
}

/**
 * A used entry moves to the newest end only when it has not moved in this many uses of the cache:
 * the order stays close to least-recently-used while a hit costs no map operation at all.
 */
export const REPLACE_AFTER_USES = 1024;

/**
 * Tile bytes by key within a byte budget, the least recently used leaving first (approximately,
 * see REPLACE_AFTER_USES). Callers may keep an entry and use() it directly while its bytes last,
 * which spares building and hashing the key on every hit.
 */
export class TileBytesCache {
  private readonly entries = new Map<string, CachedTile>();
  private bytes = 0;
  private uses = 0;

  constructor(private readonly budgetBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get byteSize(): number {
    return this.bytes;
  }

  /** The entry for `key`, unused (use() it for the bytes). */
  get(key: string): CachedTile | undefined {
    return this.entries.get(key);
  }

  /** The entry's bytes, marking it used; undefined once the cache let them go. */
  use(entry: CachedTile): Buffer | undefined {
    if (!entry.bytes) return undefined;
    if (this.uses - entry.placed > REPLACE_AFTER_USES) {
      this.entries.delete(entry.key);
      this.entries.set(entry.key, entry);
      entry.placed = this.uses;
    }
    this.uses++;
    return entry.bytes;
  }

  /** Stores bytes under `key` (replacing an entry of that key), then lets the oldest go until within budget. */
  put(key: string, bytes: Buffer): CachedTile {
    const previous = this.entries.get(key);
    if (previous) this.drop(previous);
    const entry: CachedTile = { key, bytes, placed: this.uses };
    this.entries.set(key, entry);
    this.bytes += bytes.length;
    while (this.bytes > this.budgetBytes) this.drop(this.entries.values().next().value as CachedTile);
    return entry;
  }

  private drop(entry: CachedTile): void {
    this.entries.delete(entry.key);
    this.bytes -= entry.bytes!.length;
    entry.bytes = null;
  }
}
