import { eq, or, sql } from 'drizzle-orm';
import { DEMO_BUYER, DEMO_SELLER } from '../../../../domain/constants';
import type { LoginInput, RegisterData, SessionUser } from '../../../../domain/schemas/auth';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { conflict, HttpError, notFound } from '../../plugins/errors';
import { toSessionUser } from '../../plugins/session';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { Throttle, tooManyAttempts } from './throttle';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const USERNAME_TAKEN = 'Username is already taken';
export const EMAIL_TAKEN = 'An account with this email already exists';

export class AuthService {
  readonly throttle: Throttle;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    this.throttle = new Throttle(db, config.auth.windowMs);
  }

  /** Counts an attempt from this address; 429 past the limit. */
  async countAttemptFrom(ip: string): Promise<void> {
    const { count, retryAfterSeconds } = await this.throttle.hit(`ip:${ip}`);
    if (count > this.config.auth.maxAttemptsPerIp) throw tooManyAttempts(retryAfterSeconds);
  }

  async register(data: RegisterData): Promise<SessionUser> {
    await this.assertAvailable(data.username, data.email);
    const password = await hashPassword(data.password);
    try {
      const [user] = await this.db
        .insert(users)
        .values({
          username: data.username,
          email: data.email,
          password,
          isSeller: data.isSeller,
          location: data.location,
          bio: data.bio,
        })
        .returning();
      return toSessionUser(user as NonNullable<typeof user>);
    } catch (err) {
      // Someone took the name or address between the check and the insert.
      await this.assertAvailable(data.username, data.email);
      throw err;
    }
  }

  private async assertAvailable(username: string, email: string): Promise<void> {
    const taken = await this.db
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(
        or(
          eq(sql`lower(${users.username})`, username.toLowerCase()),
          eq(sql`lower(${users.email})`, email.toLowerCase()),
        ),
      );
    const errors: Record<string, string> = {};
    for (const u of taken) {
      if (u.username.toLowerCase() === username.toLowerCase()) errors.username = USERNAME_TAKEN;
      if (u.email.toLowerCase() === email.toLowerCase()) errors.email = EMAIL_TAKEN;
    }
    if (errors.username || errors.email) throw conflict((errors.username ?? errors.email) as string, errors);
  }

  /** Checks the credentials; the same 401 for an unknown user and a wrong password. */
  async login(input: LoginInput): Promise<SessionUser> {
    const accountKey = `account:${input.username.toLowerCase()}`;
    const failures = await this.throttle.peek(accountKey);
    if (failures.count >= this.config.auth.maxFailuresPerAccount)
      throw tooManyAttempts(failures.retryAfterSeconds);

    const [user] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, input.username.toLowerCase()))
      .limit(1);
    const ok = await verifyPassword(user?.password ?? (await dummyPasswordHash()), input.password);
    if (!user || !ok) {
      await this.throttle.hit(accountKey);
      throw new HttpError(401, INVALID_CREDENTIALS);
    }
    if (failures.count > 0) await this.throttle.reset(accountKey);
    return toSessionUser(user);
  }

  /**
   * The demo accounts' credentials, when demo data was asked for (never in production) and the accounts exist in
   * this database. Users who merely took the demo names are never given away.
   */
  async demoAccounts(): Promise<{ buyer: typeof DEMO_BUYER; seller: typeof DEMO_SELLER }> {
    if (!this.config.seedDemo) throw notFound('No demo accounts on this site');
    const found = await this.db
      .select({ username: users.username })
      .from(users)
      .where(or(eq(users.username, DEMO_BUYER.username), eq(users.username, DEMO_SELLER.username)));
    if (found.length < 2) throw notFound('No demo accounts in this database');
    return { buyer: DEMO_BUYER, seller: DEMO_SELLER };
  }
}
