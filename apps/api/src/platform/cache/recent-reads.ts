import { LRUCache } from 'lru-cache';

/** One read of a key, begun at `at`: `value` once it answered, and whether a read ahead is under way to replace it. */
interface Read<V> {
  promise: Promise<V>;
  at: number;
  value?: V;
  answered: boolean;
  refreshing?: boolean;
}

/**
 * Values read by key (a course's catalog row), reused for `freshMs` after the read began, so
 * requests within that time share one read; concurrent reads share one too. A failed read is
 * never remembered. now() hands a fresh, answered value synchronously (the fast lane's lookups)
 * and, past half of `freshMs`, reads the value again in the background so that busy keys never
 * fall off the in-memory path when their read expires. At most `limit` keys are remembered (the
 * least recently used leaves first).
 */
export class RecentReads<V> {
  private readonly reads: LRUCache<string, Read<V>>;

  constructor(
    private readonly read: (key: string) => Promise<V>,
    private readonly freshMs: number,
    limit = 10_000,
  ) {
    this.reads = new LRUCache({ max: limit });
  }

  /** The value from a read younger than freshMs, or from a new read. */
  get(key: string): Promise<V> {
    const known = this.reads.get(key);
    if (known && Date.now() - known.at < this.freshMs) return known.promise;
    return this.start(key).promise;
  }

  /** A new read whatever is remembered (a caller that must see the current value); it replaces the remembered read. */
  fresh(key: string): Promise<V> {
    return this.start(key).promise;
  }

  /** The value of an answered read younger than freshMs, or undefined. */
  now(key: string): V | undefined {
    const known = this.reads.get(key);
    if (!known?.answered) return undefined;
    const age = Date.now() - known.at;
    if (age >= this.freshMs) return undefined;
    if (age >= this.freshMs / 2 && !known.refreshing) {
      known.refreshing = true;
      this.start(key, known);
    }
    return known.value;
  }

  /** Starts a read; a read ahead (`replacing`) takes the place of the read it replaces only once it answered. */
  private start(key: string, replacing?: Read<V>): Read<V> {
    const entry: Read<V> = { promise: this.read(key), at: Date.now(), answered: false };
    if (!replacing) this.remember(key, entry);
    entry.promise.then(
      (value) => {
        entry.value = value;
        entry.answered = true;
        if (replacing && this.reads.get(key) === replacing) this.remember(key, entry);
      },
      () => {
        if (this.reads.get(key) === entry) this.reads.delete(key);
      },
    );
    return entry;
  }

  private remember(key: string, entry: Read<V>): void {
    this.reads.set(key, entry);
  }
}
