import {
  DISPLAY_NAME_KEY_VERSION,
  displayNameKey,
  isMarketplaceName,
  usernameKey,
} from '@domain/accounts/display-names';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/connect';
import { violatedConstraint } from '../../db/errors';
import { displayNames, displayNamesState, users } from '../../db/schema';

/** The first key of the advisory lock that makes instances starting together compute the keys in turn. */
const REBUILD_LOCK = 0x6e616d65;
/** Rows a statement inserts at most (three parameters each, well under PostgreSQL's 65,535). */
const CHUNK = 5000;

/** What the keys were computed with: their definition's version and the runtime's Unicode data. */
export const keyVersion = (): string => `${DISPLAY_NAME_KEY_VERSION}/unicode-${process.versions.unicode}`;

/** True when the error is a name that reads as another member's (the key's or the shop name's unique index). */
export function isNameTaken(error: unknown): boolean {
  const constraint = violatedConstraint(error);
  return constraint === 'display_names_pkey' || constraint === 'users_business_name_lower_key';
}

/**
 * The keys of the names members are shown by (docs/decisions/0030-display-names.md): `display_names`, whose primary
 * key lets no two members hold names that read alike. A username's row is the database's (a trigger writes
 * `lower(username)` for every user inserted); a shop name's row is written here, in the transaction of the write
 * that sets the name, so the index decides between two writes racing for one name.
 */
export class DisplayNames {
  constructor(private readonly db: Db) {}

  /** The keys, of those given, that a member other than `userId` (none: anyone) holds. */
  async heldByOthers(keys: string[], userId: number | null = null): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db
      .select({ key: displayNames.key, userId: displayNames.userId })
      .from(displayNames)
      .where(inArray(displayNames.key, keys));
    return new Set(rows.filter((r) => r.userId !== userId).map((r) => r.key));
  }

  /**
   * Gives the user the key of its shop name (null: none), in `tx`, after the statement that wrote the name (which
   * holds the user's row). A shop name that reads as its own username needs no row of its own. A key another member
   * holds fails on display_names_pkey (isNameTaken), waiting first for a transaction that is writing it.
   */
  async setShopName(
    tx: Tx,
    user: { id: number; username: string },
    businessName: string | null,
  ): Promise<void> {
    await tx.delete(displayNames).where(and(eq(displayNames.userId, user.id), eq(displayNames.kind, 'shop')));
    if (businessName === null) return;
    const key = displayNameKey(businessName);
    if (key !== usernameKey(user.username))
      await tx.insert(displayNames).values({ key, userId: user.id, kind: 'shop' });
  }

  /**
   * Computes every shop name's key again when their definition changed since the last time (display_names_state:
   * none yet after migration 0028, a new DISPLAY_NAME_KEY_VERSION, or a runtime with other Unicode data); a start-up
   * step. In one transaction under an advisory lock, so instances starting together take turns and the second finds
   * nothing to do. The sellers' rows are locked first, in id order (a profile save holds its row before its key).
   * A shop name that reads as another member's username, as an earlier nursery's shop name, or as the marketplace's
   * own name is renamed to "Name (username)" (as migration 0026 did): usernames never change and are the
   * storefronts' addresses, so the shop name gives way. Returns whether it ran.
   */
  async rebuild(): Promise<boolean> {
    const version = keyVersion();
    const current = async (db: Db | Tx) =>
      (await db.select({ v: displayNamesState.keyVersion }).from(displayNamesState))[0]?.v;
    if ((await current(this.db)) === version) return false;
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${REBUILD_LOCK}::int)`);
      if ((await current(tx)) === version) return false;
      const shops = await queryRows<{ id: number; username: string; businessName: string }>(
        tx,
        sql`select u.id, u.username, u.business_name as "businessName" from users u
            where u.business_name is not null order by u.id for update of u`,
      );
      await tx.delete(displayNames).where(eq(displayNames.kind, 'shop'));
      const wanted = shops.map((s) => ({ ...s, key: displayNameKey(s.businessName) }));
      const original = new Set(wanted.map((s) => s.key));
      // Whose is each key: the usernames that read as a shop name, then the shop names in the order they came.
      const holder = new Map<string, number>();
      for (const chunk of chunks([...original]))
        for (const row of await tx
          .select({ key: displayNames.key, userId: displayNames.userId })
          .from(displayNames)
          .where(inArray(displayNames.key, chunk)))
          holder.set(row.key, row.userId);
      const renamed: Array<{ id: number; name: string }> = [];
      const rows: Array<typeof displayNames.$inferInsert> = [];
      for (const s of wanted) {
        const free = (key: string) => (holder.get(key) ?? s.id) === s.id;
        let { key } = s;
        if (!free(key) || isMarketplaceName(s.businessName)) {
          // A new name reads as no one's, and as none of the names there are (one renamed later keeps its own).
          let name = `${s.businessName} (${s.username})`;
          for (let n = 2; !free(displayNameKey(name)) || original.has(displayNameKey(name)); n++)
            name = `${s.businessName} (${s.username} ${n})`;
          key = displayNameKey(name);
          renamed.push({ id: s.id, name });
        }
        holder.set(key, s.id);
        if (key !== usernameKey(s.username)) rows.push({ key, userId: s.id, kind: 'shop' });
      }
      for (const r of renamed) await tx.update(users).set({ businessName: r.name }).where(eq(users.id, r.id));
      for (const chunk of chunks(rows)) await tx.insert(displayNames).values(chunk);
      await tx
        .insert(displayNamesState)
        .values({ id: 1, keyVersion: version })
        .onConflictDoUpdate({
          target: displayNamesState.id,
          set: { keyVersion: version, computedAt: sql`now()` },
        });
      return true;
    });
  }
}

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}
