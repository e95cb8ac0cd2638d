import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { queryRows } from '../db/connect';
import { rateLimits } from '../db/schema';
import { limitedAddress } from '../http/client-address';
import { tooManyAttempts } from '../modules/auth/throttle';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WINDOW_MS = 60_000;

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store over the database, so every app instance counts against the same limit: one upsert
 * per count, which starts a new window when the old one has ended.
 */
export class DatabaseRateLimitStore {
  constructor(private readonly db: Db) {}

  incr(key: string, callback: IncrCallback, timeWindow = WINDOW_MS): void {
    queryRows<{ count: number; expires_at: string | Date }>(
      this.db,
      sql`insert into rate_limits as r (key, count, expires_at)
          values (${key}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
          on conflict (key) do update set
            count = case when r.expires_at <= now() then 1 else r.count + 1 end,
            expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
          returning r.count, r.expires_at`,
    ).then(
      ([row]) =>
        callback(null, {
          current: Number(row?.count ?? 1),
          ttl: Math.max(0, new Date(row?.expires_at ?? Date.now()).getTime() - Date.now()),
        }),
      (err: Error) => callback(err),
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
    if (!result.isAllowed && result.isExceeded) throw tooManyAttempts(Math.max(1, result.ttlInSeconds));
  };
  app.addHook('onRequest', async (request) => {
    if (!WRITE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    await check(perAddress, request);
    if (request.user) await check(perAccount, request);
  });
}
