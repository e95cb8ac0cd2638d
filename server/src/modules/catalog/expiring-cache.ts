/**
 * Values kept for a fixed time after they were stored, at most `capacity` of them: the least recently used is
 * dropped past it, as in StatementCache. The clock is a parameter so that tests can move time forward.
 */
export class ExpiringCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The value stored under `key` less than ttlMs ago, or undefined. */
  get(key: string): T | undefined {
    const found = this.entries.get(key);
    if (found === undefined) return undefined;
    this.entries.delete(key);
    if (found.expires <= this.now()) return undefined;
    this.entries.set(key, found);
    return found.value;
  }

  /** Stores `value` for ttlMs from now, replacing what `key` had. */
  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + this.ttlMs });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }
}
