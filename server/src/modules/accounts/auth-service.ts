import { displayNameKey, usernameKey } from '@domain/accounts/display-names';
import type { DemoAccounts, SessionUser } from '@domain/accounts/responses';
import { type LoginInput, MESSAGES, type RegisterData } from '@domain/accounts/schemas';
import { DEMO_BUYER, DEMO_SELLER } from '@domain/constants';
import { eq, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { users } from '../../db/schema';
import { Conflict, NotFound, TooManyRequests, Unauthorized } from '../../errors';
import { limitedAddress } from '../../http/client-address';
import { hashToken, toSessionUser } from '../../plugins/session';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../security/passwords';
import { KnownDevices } from './devices';
import { DisplayNames } from './display-names';
import { type Count, Throttle } from './throttle';

export const INVALID_CREDENTIALS = 'Invalid username or password';
export const USERNAME_TAKEN = 'Username is already taken';
export const EMAIL_TAKEN = 'An account with this email already exists';

export class AuthService {
  readonly throttle: Throttle;
  readonly devices: KnownDevices;
  /** The keys of the names members are shown by (the profile's save keeps a shop name's too). */
  readonly names: DisplayNames;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    this.throttle = new Throttle(db, config.auth.windowMs);
    this.devices = new KnownDevices(db, config);
    this.names = new DisplayNames(db);
  }

  /** Counts an attempt from this address; 429 past the limit. */
  async countAttemptFrom(ip: string): Promise<void> {
    const { count, retryAfterSeconds } = await this.throttle.hit(`ip:${limitedAddress(ip)}`);
    if (count > this.config.auth.maxAttemptsPerIp) throw new TooManyRequests(retryAfterSeconds);
  }

  async register(data: RegisterData): Promise<SessionUser> {
    // A shop name is a nursery's: a buyer's sign-up ignores one.
    const businessName = data.isSeller ? data.businessName : null;
    await this.assertAvailable(data.username, data.email, businessName);
    const password = await hashPassword(data.password);
    try {
      // The user's insert gives it its username's key (a trigger), and a shop name's follows: either reading as
      // another member's name fails on display_names' primary key, whoever wrote it first.
      const user = await this.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(users)
          .values({
            username: data.username,
            email: data.email,
            password,
            isSeller: data.isSeller,
            businessName,
            location: data.location,
            bio: data.bio,
          })
          .returning();
        const row = inserted as NonNullable<typeof inserted>;
        await this.names.setShopName(tx, row, businessName);
        return row;
      });
      return toSessionUser(user);
    } catch (err) {
      // Someone took the name, the address or the shop name between the check and the insert.
      await this.assertAvailable(data.username, data.email, businessName);
      throw err;
    }
  }

  /**
   * 409 naming each of the username, email and shop name another account has: the email whatever its case, the
   * username and the shop name when they read as a name another member is shown by, its username or its shop name
   * (docs/decisions/0030-display-names.md).
   */
  private async assertAvailable(username: string, email: string, businessName: string | null): Promise<void> {
    const nameKey = usernameKey(username);
    const shopKey = businessName === null ? null : displayNameKey(businessName);
    const [taken, held] = await Promise.all([
      this.db
        .select({ username: users.username, email: users.email, businessName: users.businessName })
        .from(users)
        .where(
          or(
            eq(sql`lower(${users.username})`, username.toLowerCase()),
            eq(sql`lower(${users.email})`, email.toLowerCase()),
            businessName === null
              ? undefined
              : eq(sql`lower(${users.businessName})`, businessName.toLowerCase()),
          ),
        ),
      this.names.heldByOthers(shopKey === null ? [nameKey] : [nameKey, shopKey]),
    ]);
    const errors: Record<string, string> = {};
    const same = (a: string | null, b: string | null) =>
      a !== null && b !== null && a.toLowerCase() === b.toLowerCase();
    for (const u of taken) {
      if (same(u.username, username)) errors.username = USERNAME_TAKEN;
      if (same(u.email, email)) errors.email = EMAIL_TAKEN;
      if (same(u.businessName, businessName)) errors.businessName = MESSAGES.businessNameTaken;
    }
    if (held.has(nameKey)) errors.username = USERNAME_TAKEN;
    // A shop name that reads as the nursery's own username is its own: the username's check says if it is free.
    if (shopKey !== null && shopKey !== nameKey && held.has(shopKey))
      errors.businessName = MESSAGES.businessNameTaken;
    const first = errors.username ?? errors.email ?? errors.businessName;
    if (first) throw new Conflict(first, errors);
  }

  /**
   * Checks the credentials; the same 401 for an unknown user and a wrong password. Each attempt is counted before
   * the password is checked, in one statement, so parallel guesses cannot all be checked while the count lags
   * behind; a success clears the counts. Two counts hold guessing back without letting anyone lock the owner out
   * (docs/decisions/0008-sign-in-throttling.md):
   * - per account and source (the address, or the browser when it is known to the account): past the limit that
   *   source alone gets 429 for the account, so the owner elsewhere still signs in;
   * - per account from everywhere, a higher limit against guesses spread over many addresses: past it only the
   *   account's known browsers are let through to the password check.
   */
  async login(
    input: LoginInput,
    from: { ip: string; deviceToken: string | undefined },
  ): Promise<SessionUser> {
    const username = input.username.toLowerCase();
    const { deviceToken } = from;
    const knownDevice = deviceToken !== undefined && (await this.devices.isKnown(deviceToken, username));
    const source = knownDevice ? `device=${hashToken(deviceToken)}` : `ip=${limitedAddress(from.ip)}`;
    const sourceKey = `signin:${source}|${username}`;
    const accountKey = `account:${username}`;
    const [fromSource, fromEverywhere] = (await this.throttle.hitEach([sourceKey, accountKey])) as [
      Count,
      Count,
    ];
    if (fromSource.count > this.config.auth.maxFailuresPerAccount)
      throw new TooManyRequests(fromSource.retryAfterSeconds);
    if (!knownDevice && fromEverywhere.count > this.config.auth.maxFailuresPerAccountTotal)
      throw new TooManyRequests(fromEverywhere.retryAfterSeconds);

    const [user] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.username})`, username))
      .limit(1);
    const ok = await verifyPassword(user?.password ?? (await dummyPasswordHash()), input.password);
    if (!user || !ok) throw new Unauthorized(INVALID_CREDENTIALS);
    await this.throttle.reset([sourceKey, accountKey]);
    return toSessionUser(user);
  }

  /**
   * The demo accounts' credentials, when demo data was asked for (never in production) and the accounts exist in
   * this database. Users who merely took the demo names are never given away.
   */
  async demoAccounts(): Promise<DemoAccounts> {
    if (!this.config.seedDemo) throw new NotFound('No demo accounts on this site');
    const found = await this.db
      .select({ username: users.username })
      .from(users)
      .where(or(eq(users.username, DEMO_BUYER.username), eq(users.username, DEMO_SELLER.username)));
    if (found.length < 2) throw new NotFound('No demo accounts in this database');
    return { buyer: DEMO_BUYER, seller: DEMO_SELLER };
  }
}
