import { inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { queryRows } from '../../db/connect';
import { authThrottle } from '../../db/schema';

/**
 * Fixed-window counters kept in the database, so every app instance sees the same counts. Keys:
 * - `ip:<address>` counts sign-in and sign-up attempts from an address;
 * - `signin:<source>|<username>` counts the sign-in attempts for one account from one source (`ip=<address>`, or
 *   `device=<hash>` for a browser known to the account) since its last success;
 * - `account:<username>` counts them from everywhere.
 * An address is limitedAddress()'s (an IPv6 address counts as its /64). A source never holds `|`, so no username
 * can make one key look like another.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly windowMs: number,
  ) {}

  /** Counts one more event for the key and returns the count within the current window. */
  async hit(key: string): Promise<Count> {
    const [count] = await this.hitEach([key]);
    return count as Count;
  }

  /** Counts one more event for each key (distinct), in one statement; the counts come in the keys' order. */
  async hitEach(keys: string[]): Promise<Count[]> {
    const windowSeconds = this.windowMs / 1000;
    const rows = await queryRows<{ key: string; count: number; window_started_at: string | Date }>(
      this.db,
      sql`insert into auth_throttle as t (key, count, window_started_at)
          values ${sql.join(
            keys.map((key) => sql`(${key}, 1, now())`),
            sql`, `,
          )}
          on conflict (key) do update set
            count = case when t.window_started_at < now() - make_interval(secs => ${windowSeconds}) then 1 else t.count + 1 end,
            window_started_at = case when t.window_started_at < now() - make_interval(secs => ${windowSeconds}) then now() else t.window_started_at end
          returning t.key, t.count, t.window_started_at`,
    );
    return keys.map((key) => {
      const row = rows.find((r) => r.key === key);
      return { count: Number(row?.count ?? 1), retryAfterSeconds: this.retryAfter(row?.window_started_at) };
    });
  }

  async reset(keys: string[]): Promise<void> {
    await this.db.delete(authThrottle).where(inArray(authThrottle.key, keys));
  }

  async purgeExpired(): Promise<void> {
    await this.db
      .delete(authThrottle)
      .where(lt(authThrottle.windowStartedAt, new Date(Date.now() - this.windowMs)));
  }

  private retryAfter(windowStartedAt: string | Date | undefined): number {
    if (!windowStartedAt) return Math.ceil(this.windowMs / 1000);
    const end = new Date(windowStartedAt).getTime() + this.windowMs;
    return Math.max(1, Math.ceil((end - Date.now()) / 1000));
  }
}

export interface Count {
  count: number;
  retryAfterSeconds: number;
}
