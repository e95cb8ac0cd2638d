import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { queryRows } from '../db/connect';
import type { ColumnOf, RowOf } from '../db/rows';
import { rateLimits } from '../db/schema';
import { TooManyRequests } from '../errors';
import { limitedAddress } from '../http/client-address';
import { isApiRequest } from '../http/route-path';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WINDOW_MS = 60_000;

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store over the database, so every app instance counts against the same limit. The counts
 * asked for in one turn of the event loop (a signed-in write's address and account) go in one upsert, which
 * starts a new window for a key whose window has ended; a key asked for twice in the turn is counted twice and
 * each caller gets its own count.
 */
export class DatabaseRateLimitStore {
  private pending = new Map<string, { timeWindow: number; callbacks: IncrCallback[] }>();

  constructor(private readonly db: Db) {}

  incr(key: string, callback: IncrCallback, timeWindow = WINDOW_MS): void {
    const entry = this.pending.get(key);
    if (entry) entry.callbacks.push(callback);
    else this.pending.set(key, { timeWindow, callbacks: [callback] });
    if (this.pending.size === 1 && !entry) queueMicrotask(() => this.flush());
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = new Map();
    // Keys in one order in every statement, so two instances' batches sharing keys cannot deadlock.
    const values = [...batch]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(
        ([key, { timeWindow, callbacks }]) =>
          sql`(${key}, ${callbacks.length}::int, now() + make_interval(secs => ${timeWindow / 1000}))`,
      );
    queryRows<
      RowOf<typeof rateLimits, 'key' | 'count'> & { expires_at: ColumnOf<typeof rateLimits, 'expiresAt'> }
    >(
      this.db,
      sql`insert into rate_limits as r (key, count, expires_at) values ${sql.join(values, sql`, `)}
          on conflict (key) do update set
            count = case when r.expires_at <= now() then excluded.count else r.count + excluded.count end,
            expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
          returning r.key, r.count, r.expires_at`,
    ).then(
      (rows) => {
        for (const [key, { callbacks }] of batch) {
          const row = rows.find((r) => r.key === key);
          if (!row) {
            for (const callback of callbacks) callback(new Error(`rate limit count for ${key} missing`));
            continue;
          }
          const ttl = Math.max(0, new Date(row.expires_at).getTime() - Date.now());
          // The count after this batch, less the later callers' share.
          const first = Number(row.count) - callbacks.length + 1;
          callbacks.forEach((callback, i) => {
            callback(null, { current: first + i, ttl });
          });
        }
      },
      (err: Error) => {
        for (const { callbacks } of batch.values()) for (const callback of callbacks) callback(err);
      },
    );
  }

  /** Every limit shares the table; their keys differ. */
  child(): DatabaseRateLimitStore {
    return this;
  }
}

/** Deletes the counters whose window has ended (the app's maintenance). */
export async function purgeExpiredRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expiresAt, new Date()));
}

/**
 * The general limit on writes: every POST, PUT, PATCH and DELETE under /api counts against its address and, when
 * signed in, against its account; past either limit it is refused with 429 before it does anything. Registered
 * after the session hook, which tells whose request it is.
 */
export async function registerWriteLimit(app: FastifyInstance, db: Db, config: Config): Promise<void> {
  // The plugin constructs its store with its own options; this one needs only the database.
  const Store = class extends DatabaseRateLimitStore {
    constructor() {
      super(db);
    }
  };
  await app.register(rateLimit, { global: false, store: Store as FastifyRateLimitStoreCtor });
  const perAddress = app.createRateLimit({
    max: config.writeLimit.perIp,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `ip=${limitedAddress(request.ip)}`,
  });
  const perAccount = app.createRateLimit({
    max: config.writeLimit.perAccount,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `user=${request.user?.id}`,
  });
  const check = async (limit: typeof perAddress, request: FastifyRequest) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) throw new TooManyRequests(Math.max(1, result.ttlInSeconds));
  };
  app.addHook('onRequest', async (request) => {
    // By the route that matched: `/%61pi/newsletter` is /api/newsletter and counts as one.
    if (!WRITE_METHODS.has(request.method) || !isApiRequest(request)) return;
    // Both counts are asked for together, so the store sends them in one statement.
    await Promise.all([check(perAddress, request), request.user ? check(perAccount, request) : undefined]);
  });
}
