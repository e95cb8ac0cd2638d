import { LruMap } from './statement-cache';

/**
 * Values kept for a fixed time after they were stored, at most `capacity` of them (the least recently used is
 * dropped past it). The clock is a parameter so that tests can move time forward.
 */
export class ExpiringCache<T> {
  private readonly entries: LruMap<{ value: T; expires: number }>;

  constructor(
    private readonly ttlMs: number,
    capacity: number,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new LruMap(capacity);
  }

  /** The value stored under `key` less than ttlMs ago, or undefined. */
  get(key: string): T | undefined {
    const found = this.entries.get(key);
    if (found === undefined) return undefined;
    if (found.expires > this.now()) return found.value;
    this.entries.delete(key);
    return undefined;
  }

  /** Stores `value` for ttlMs from now, replacing what `key` had. */
  set(key: string, value: T): void {
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
  }
}
