import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { knownDevices, users } from '../../db/schema';
import { hashToken } from '../../plugins/session';

export const DEVICE_COOKIE = 'device';
/** A browser is forgotten this long after its last sign-in to an account. */
export const DEVICE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Browsers known to an account: one that signed in to it (or created it) gets a long-lived random `device` cookie,
 * and its hash is kept with the account. It is no credential (the password is still needed); it only lets the
 * owner's own browsers in while strangers' failures hold the account's sign-in shut to everyone else.
 */
export class KnownDevices {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  /** The request's device token, when it has a well-formed one. */
  token(request: FastifyRequest): string | undefined {
    const token = request.cookies[DEVICE_COOKIE];
    return token && TOKEN_PATTERN.test(token) ? token : undefined;
  }

  /** True when this browser has signed in to the account of this username (any case) within the last year. */
  async isKnown(token: string, username: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: knownDevices.userId })
      .from(knownDevices)
      .innerJoin(users, eq(users.id, knownDevices.userId))
      .where(
        and(
          eq(knownDevices.tokenHash, hashToken(token)),
          eq(sql`lower(${users.username})`, username.toLowerCase()),
          gt(knownDevices.signedInAt, new Date(Date.now() - DEVICE_MAX_AGE_MS)),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Records that this browser signed in to the account (keeping its token if it has one) and sets the cookie. */
  async remember(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
    const token = this.token(request) ?? randomBytes(32).toString('base64url');
    const signedInAt = new Date();
    await this.db
      .insert(knownDevices)
      .values({ tokenHash: hashToken(token), userId, signedInAt })
      .onConflictDoUpdate({ target: [knownDevices.tokenHash, knownDevices.userId], set: { signedInAt } });
    reply.setCookie(DEVICE_COOKIE, token, {
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.production,
      expires: new Date(signedInAt.getTime() + DEVICE_MAX_AGE_MS),
    });
  }

  async purgeExpired(): Promise<void> {
    await this.db
      .delete(knownDevices)
      .where(lt(knownDevices.signedInAt, new Date(Date.now() - DEVICE_MAX_AGE_MS)));
  }
}
