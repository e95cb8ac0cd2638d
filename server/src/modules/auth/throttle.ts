import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { queryRows } from '../../db/connect';
import { authThrottle } from '../../db/schema';
import { HttpError } from '../../plugins/errors';

/**
 * Fixed-window counters kept in the database, so every app instance sees the same counts.
 * Keys: `ip:<address>` counts sign-in and sign-up attempts, `account:<address>|<username>` counts the sign-in
 * attempts for one account from one address since its last success.
 */
export class Throttle {
  constructor(
    private readonly db: Db,
    private readonly windowMs: number,
  ) {}

  /** Counts one more event for the key and returns the count within the current window. */
  async hit(key: string): Promise<{ count: number; retryAfterSeconds: number }> {
    const windowSeconds = this.windowMs / 1000;
    const [row] = await queryRows<{ count: number; window_started_at: string | Date }>(
      this.db,
      sql`insert into auth_throttle as t (key, count, window_started_at) values (${key}, 1, now())
          on conflict (key) do update set
            count = case when t.window_started_at < now() - make_interval(secs => ${windowSeconds}) then 1 else t.count + 1 end,
            window_started_at = case when t.window_started_at < now() - make_interval(secs => ${windowSeconds}) then now() else t.window_started_at end
          returning t.count, t.window_started_at`,
    );
    return { count: Number(row?.count ?? 1), retryAfterSeconds: this.retryAfter(row?.window_started_at) };
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(authThrottle).where(eq(authThrottle.key, key));
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

export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new HttpError(
    429,
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
}
