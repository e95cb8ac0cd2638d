import { createHash, randomBytes } from 'node:crypto';
import type { SessionUser } from '@domain/accounts/responses';
import cookie from '@fastify/cookie';
import { eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { sessions, type User, users } from '../db/schema';
import { routePath } from '../http/route-path';
import { forbidden, unauthorized } from './errors';

export const SESSION_COOKIE = 'sid';
/**
 * A cookie scripts can read, set and cleared with the session's: it says only that this browser may have a
 * session, so a visitor's page does not ask /api/auth/me for an answer that can only be 401.
 */
export const SIGNED_IN_COOKIE = 'signed_in';
/** The Cache-Control of every answer that depends on the session: no cache, shared or the browser's, keeps it. */
export const PRIVATE_NO_STORE = 'private, no-store';
/** A session not used for this long ends (sliding). */
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** A session ends this long after sign-in however active it is. */
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/** Who may call an API route: anyone, a signed-in user, or a signed-in seller. */
export type Access = 'public' | 'user' | 'seller';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionTokenHash: string | null;
  }
  interface FastifyContextConfig {
    /** Every route under /api/ says who may call it; see registerAccess. */
    access?: Access;
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function toSessionUser(
  u: Pick<User, 'id' | 'username' | 'email' | 'isSeller' | 'location' | 'bio' | 'createdAt'>,
): SessionUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    isSeller: u.isSeller,
    location: u.location,
    bio: u.bio,
    createdAt: u.createdAt.toISOString(),
  };
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function requireSeller(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.isSeller) throw forbidden('Only seller accounts can do this');
  return user;
}

/**
 * Every route under /api/ declares who may call it in its options (`config: { access }`), and this is the one place
 * that holds it to that: a visitor gets 401 from a 'user' or 'seller' route and a buyer 403 from a 'seller' one,
 * before anything they sent is validated. A route without a rule stops the app from starting, naming the route,
 * so none is left open by omission. Registered before any route (onRoute sees only the routes added after it).
 */
export function registerAccess(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const access = route.config?.access;
    if (access !== 'public' && access !== 'user' && access !== 'seller')
      throw new Error(`${route.method} ${route.url} has no access rule: give it config: { access }`);
    if (access === 'public') return;
    const require = access === 'seller' ? requireSeller : requireUser;
    const own = route.preValidation === undefined ? [] : [route.preValidation].flat();
    route.preValidation = [
      async (request: FastifyRequest) => {
        require(request);
      },
      ...own,
    ];
  });
}

export interface SessionManager {
  /** Starts a new session for the user (a fresh random token) and sets its cookie. */
  start(reply: FastifyReply, userId: number): Promise<void>;
  /** Ends the request's session server-side and clears the cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Deletes sessions past their idle or absolute expiry. */
  purgeExpired(): Promise<void>;
}

export async function registerSessions(
  app: FastifyInstance,
  db: Db,
  config: Config,
): Promise<SessionManager> {
  await app.register(cookie);
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.production,
  };

  const hintOptions = { ...cookieOptions, httpOnly: false };
  const clearCookies = (reply: FastifyReply) => {
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    reply.clearCookie(SIGNED_IN_COOKIE, hintOptions);
  };

  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);

  // Every signed-in request runs this: built once, not per request.
  // Only what a request needs: not the password hash, nor the seller's shipping profile.
  const lookup = db
    .select({
      session: { expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt },
      user: {
        id: users.id,
        username: users.username,
        email: users.email,
        isSeller: users.isSeller,
        location: users.location,
        bio: users.bio,
        createdAt: users.createdAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_lookup');

  app.addHook('onRequest', async (request, reply) => {
    // Decided by the route that matched, never the URL as sent (it may spell /api/ with percent-escapes).
    const path = routePath(request);
    if (!path.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    // An answer that depends on who asks (a signed-in request, a route for users, the auth calls) is kept by no
    // cache: a shared one would hand a buyer's address or orders to the next person (docs/quality.md#security).
    if (token || request.routeOptions.config?.access !== 'public' || path.startsWith('/api/auth/'))
      reply.header('cache-control', PRIVATE_NO_STORE);
    if (!token) {
      // A hint without a session (the session cookie expired in the browser): drop the hint too.
      if (request.cookies[SIGNED_IN_COOKIE]) reply.clearCookie(SIGNED_IN_COOKIE, hintOptions);
      return;
    }
    const tokenHash = hashToken(token);
    const [row] = await lookup.execute({ tokenHash });
    const now = Date.now();
    if (
      !row ||
      row.session.expiresAt.getTime() <= now ||
      row.session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now
    ) {
      if (row) await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
      clearCookies(reply);
      return;
    }
    if (now - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.tokenHash, tokenHash));
    }
    // A session older than the hint cookie gets it on its next request.
    if (request.cookies[SIGNED_IN_COOKIE] !== '1')
      reply.setCookie(SIGNED_IN_COOKIE, '1', { ...hintOptions, expires: row.session.expiresAt });
    request.user = toSessionUser(row.user);
    request.sessionTokenHash = tokenHash;
  });

  return {
    async start(reply, userId) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
      await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, expires: expiresAt });
      reply.setCookie(SIGNED_IN_COOKIE, '1', { ...hintOptions, expires: expiresAt });
    },
    async end(request, reply) {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
      request.user = null;
      request.sessionTokenHash = null;
      clearCookies(reply);
    },
    async purgeExpired() {
      const now = Date.now();
      await db
        .delete(sessions)
        .where(
          or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS))),
        );
    },
  };
}
