import { type IsoDate, shippingToday } from '@domain/shipping/rules';
import { isStateCode, type StateCode } from '@domain/shipping/states';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connect';

/** How far back a nursery's dashboard counts the searches it missed. */
export const MISSED_SEARCH_DAYS = 30;
/** How often the counts kept in memory are added to destination_searches. */
export const DESTINATION_SEARCHES_FLUSH_MS = 60_000;

/**
 * Counts the marketplace searches for listings that may go to a state (the first page of a list with the "Ships
 * to" filter set): in memory on the request's path, which must stay a read, and added to destination_searches by
 * flush() every minute and at shutdown. A crash loses at most a minute's counts: they feed a nursery's estimate of
 * the buyers it missed, not anything a buyer pays for.
 */
export class DestinationSearches {
  private counts = new Map<StateCode, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly today: () => IsoDate = () => shippingToday(),
  ) {}

  /** One search from a buyer whose plants go to `state`. */
  count(state: string): void {
    if (!isStateCode(state)) return;
    this.counts.set(state, (this.counts.get(state) ?? 0) + 1);
  }

  /** Adds the counts kept in memory to today's rows (several instances add theirs alike). */
  async flush(): Promise<void> {
    if (this.counts.size === 0) return;
    const counts = this.counts;
    this.counts = new Map();
    const states = [...counts.keys()];
    try {
      await this.db.execute(sql`
        insert into destination_searches (state, day, n)
        select s, ${this.today()}::date, n
        from unnest(${sql.param(states)}::text[], ${sql.param(states.map((s) => counts.get(s) ?? 0))}::int[]) as c(s, n)
        on conflict (state, day) do update set n = destination_searches.n + excluded.n`);
    } catch (err) {
      // Kept for the next flush rather than lost.
      for (const [state, n] of counts) this.counts.set(state, (this.counts.get(state) ?? 0) + n);
      throw err;
    }
  }

  /** Flushes every DESTINATION_SEARCHES_FLUSH_MS until stop(). */
  start(onError: (err: unknown) => void): void {
    this.timer ??= setInterval(() => this.flush().catch(onError), DESTINATION_SEARCHES_FLUSH_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Searches per state over the last MISSED_SEARCH_DAYS days (today included), for the states asked about. */
  async recent(states: readonly StateCode[]): Promise<Map<StateCode, number>> {
    if (states.length === 0) return new Map();
    const rows = await queryRows<{ state: StateCode; n: number }>(
      this.db,
      sql`select state, sum(n)::int as n from destination_searches
          where state = any(${sql.param(states)}::text[])
            and day > ${this.today()}::date - ${MISSED_SEARCH_DAYS}::int
          group by state`,
    );
    return new Map(rows.map((r) => [r.state, Number(r.n)]));
  }
}
