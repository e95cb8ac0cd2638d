/**
 * Prepared statements by the shape of the request they serve (which filters are set, the sort, a search or
 * not), built on first use and kept: building a query costs the app more CPU than PostgreSQL spends running
 * it. The least recently used shape is dropped past `capacity`.
 */
export class StatementCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly capacity = 256) {}

  get(key: string, build: () => T): T {
    const found = this.entries.get(key);
    if (found !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    const built = build();
    this.entries.set(key, built);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return built;
  }
}
