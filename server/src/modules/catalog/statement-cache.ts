/** A map that keeps at most `capacity` entries: reading or writing one makes it the most recent; past the
 * capacity the least recently used is dropped. */
export class LruMap<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly capacity: number) {}

  get(key: string): T | undefined {
    const found = this.entries.get(key);
    if (found !== undefined) this.set(key, found);
    return found;
  }

  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}

/** A prepared statement answering rows of type R. */
export interface Statement<R> {
  execute(params: Record<string, unknown>): Promise<R[]>;
}

/**
 * Prepared statements by the shape of the request they serve (which filters are set, the sort, a search or
 * not), built on first use and kept: building a query costs the app more CPU than PostgreSQL spends running
 * it. The least recently used shape is dropped past `capacity`.
 */
export class StatementCache<T> {
  private readonly entries: LruMap<T>;

  constructor(capacity = 256) {
    this.entries = new LruMap(capacity);
  }

  get(key: string, build: () => T): T {
    const found = this.entries.get(key);
    if (found !== undefined) return found;
    const built = build();
    this.entries.set(key, built);
    return built;
  }
}
