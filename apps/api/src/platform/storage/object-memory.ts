import type { StoredObject } from '@caddie/artifacts';

/**
 * Stored objects whose key names immutable bytes (rendered graphics: the key is the hash of the
 * request, the course revision and the renderer version), kept in memory within a byte budget,
 * the least recently used leaving first. Objects larger than `largestBytes` are never kept.
 */
export class ObjectMemory {
  private readonly objects = new Map<string, StoredObject>();
  private bytes = 0;

  constructor(
    private readonly budgetBytes: number,
    private readonly largestBytes: number,
  ) {}

  get byteSize(): number {
    return this.bytes;
  }

  /** The object, marked as used, or undefined. */
  get(key: string): StoredObject | undefined {
    const object = this.objects.get(key);
    if (object && this.bytes > this.budgetBytes / 2) {
      // moved to the newest end only while the budget is at least half used: no map work otherwise
      this.objects.delete(key);
      this.objects.set(key, object);
    }
    return object;
  }

  put(key: string, object: StoredObject): void {
    if (object.body.length > this.largestBytes) return;
    const previous = this.objects.get(key);
    if (previous) {
      this.objects.delete(key);
      this.bytes -= previous.body.length;
    }
    this.objects.set(key, object);
    this.bytes += object.body.length;
    for (const [oldest, { body }] of this.objects) {
      if (this.bytes <= this.budgetBytes) break;
      this.objects.delete(oldest);
      this.bytes -= body.length;
    }
  }
}
