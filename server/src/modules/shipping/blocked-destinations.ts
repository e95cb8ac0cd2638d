import { createHash } from 'node:crypto';
import { SHIPS_AS, type ShipsAs } from '@domain/constants';
import {
  BLOCKED_DESTINATIONS_VERSION,
  blockedDestinations,
  type IsoDate,
  type SellerCertificate,
  SHIPPING_RULES,
  type ShippingSeller,
  STATE_CODES,
  type StateCode,
  shippingToday,
} from '@domain/shipping';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/connect';
import type { ColumnOf } from '../../db/rows';
import type { users } from '../../db/schema';
import { certificatesOf } from './profile-sql';

/**
 * The fingerprint of what blockedDestinations answers from: the rules, the places and the version of the logic. A
 * deploy that changes any of them changes it, and the next start-up recomputes every listing (applyRules).
 */
export function rulesFingerprint(): string {
  return createHash('sha256')
    .update(
      JSON.stringify({ version: BLOCKED_DESTINATIONS_VERSION, states: STATE_CODES, rules: SHIPPING_RULES }),
    )
    .digest('hex');
}

/** A seller's shipping profile as decideShipping reads it, with the day its listings were last computed whole. */
type ProfileRow = {
  shipFromState: StateCode | null;
  blockedStates: StateCode[];
  certificates: SellerCertificate[];
  computedOn: ColumnOf<typeof users, 'shippingComputedOn'>;
};

/**
 * The seller's shipping profile, read by a statement of its own after the caller took the seller's row lock: a
 * statement that waits for a lock reads again only the rows it locks, and a sub-select (the certificates) would keep
 * what stood before the wait (docs/architecture.md#reads-after-a-lock-wait).
 */
async function readProfile(tx: Tx, sellerId: number): Promise<ProfileRow | undefined> {
  const [profile] = await queryRows<ProfileRow>(
    tx,
    sql`select u.ship_from_state as "shipFromState", u.blocked_states as "blockedStates",
               ${certificatesOf(sql`u.id`)} as certificates, u.shipping_computed_on as "computedOn"
        from users u where u.id = ${sellerId}`,
  );
  return profile;
}

/**
 * Keeps products.blocked_to right (docs/database.md#what-keeps-blocked_to-right): the places each listing may
 * not ship to, which the catalog's `shipsTo` filter hides. Its inputs are the seller's profile, the listing's
 * ships_as, today's date (a certificate expires) and the rules, and each change of one recomputes what it touches:
 * a listing written (forSeller, in the listing's transaction), a profile saved (recomputeSeller, in the profile's
 * transaction), a certificate expired (pickUpExpiredCertificates, from the app's maintenance) and a deploy that
 * changed the rules (applyRules, at start-up). Checkout and the shipping check decide live; only the catalog reads
 * blocked_to.
 *
 * Locks: whatever computes a seller's listings holds that seller's users row, so a listing written while the
 * profile is saved is computed from the profile before or after the save, never half of each: forSeller takes
 * it FOR SHARE before the listing's row, recomputeSeller with its UPDATE before the listings' rows; each reads the
 * profile in the statement after the lock (readProfile).
 */
export class BlockedDestinations {
  constructor(
    private readonly db: Db,
    /** Today's date, against which certificates are valid (shippingToday); a test may control it. */
    private readonly today: () => IsoDate = () => shippingToday(),
  ) {}

  /**
   * What a listing of `sellerId` may not ship to, by its way of shipping, from the seller's profile as it stands:
   * read under a share lock on the seller's row that `tx` keeps until it ends (the listing's insert or update follows
   * in it, so a profile saved meanwhile waits, then recomputes that listing too).
   */
  async forSeller(tx: Tx, sellerId: number): Promise<(shipsAs: ShipsAs) => StateCode[]> {
    await tx.execute(sql`select 1 from users u where u.id = ${sellerId} for share of u`);
    const profile = await readProfile(tx, sellerId);
    const today = this.today();
    // No such seller: the listing's own statement fails on its foreign key.
    return (shipsAs) => (profile ? blockedDestinations(profile, shipsAs, today) : []);
  }

  /**
   * Recomputes every listing of the seller from its current profile, in `tx`: one UPDATE per way of shipping,
   * writing only the rows whose array changes (a save that changes nothing for the buyers writes nothing, and the
   * facet summary's trigger has nothing to move). Stamps the seller with today's date. Returns the rows changed.
   */
  async recomputeSeller(tx: Tx, sellerId: number): Promise<number> {
    const today = this.today();
    // The UPDATE takes the seller's row lock first (see the class).
    const stamped = await queryRows<{ id: number }>(
      tx,
      sql`update users u set shipping_computed_on = ${today} where u.id = ${sellerId} returning u.id`,
    );
    if (stamped.length === 0) return 0;
    const profile = await readProfile(tx, sellerId);
    if (!profile) return 0;
    let changed = 0;
    for (const shipsAs of SHIPS_AS) changed += await this.write(tx, sellerId, profile, shipsAs, today);
    return changed;
  }

  private async write(
    tx: Tx,
    sellerId: number,
    profile: ShippingSeller,
    shipsAs: ShipsAs,
    today: IsoDate,
  ): Promise<number> {
    const blocked = blockedDestinations(profile, shipsAs, today);
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`update products set blocked_to = ${sql.param(blocked)}::text[]
          where seller_id = ${sellerId} and ships_as = ${shipsAs}
            and blocked_to is distinct from ${sql.param(blocked)}::text[]
          returning id`,
    );
    return rows.length;
  }

  /**
   * Maintenance: the sellers holding a certificate that has expired since their listings were last computed whole
   * (its expiry day on or after that day, and before today: the expiry day itself still counts as valid) are
   * recomputed, each in a transaction of its own. Returns how many sellers were.
   */
  async pickUpExpiredCertificates(): Promise<number> {
    const today = this.today();
    const sellers = await queryRows<{ id: number }>(
      this.db,
      sql`select u.id from users u
          where exists (select 1 from seller_certificates sc
                        where sc.seller_id = u.id and sc.expires_on < ${today}
                          and (u.shipping_computed_on is null or sc.expires_on >= u.shipping_computed_on))
          order by u.id`,
    );
    for (const { id } of sellers) await this.db.transaction((tx) => this.recomputeSeller(tx, id));
    return sellers.length;
  }

  /**
   * Start-up: when the rules' fingerprint differs from the one stored (a deploy changed SHIPPING_RULES, the places
   * or BLOCKED_DESTINATIONS_VERSION; or blocked_to was never computed), recomputes every seller's listings, each
   * seller in a transaction of its own so that live checkouts and listing edits wait for one seller's statements at
   * most, then stores the fingerprint. Two instances starting at once may both walk the sellers: each seller's row
   * lock makes them take turns on it, and the second finds every array already right and writes nothing; a start-up
   * cut short leaves the old fingerprint, so the next one walks them again. Returns whether it recomputed.
   */
  async applyRules(): Promise<boolean> {
    const fingerprint = rulesFingerprint();
    const [stored] = await queryRows<{ rulesHash: string }>(
      this.db,
      sql`select rules_hash as "rulesHash" from shipping_rules_state where id = 1`,
    );
    if (stored?.rulesHash === fingerprint) return false;
    const sellers = await queryRows<{ id: number }>(
      this.db,
      sql`select u.id from users u
          where u.is_seller or exists (select 1 from products p where p.seller_id = u.id)
          order by u.id`,
    );
    for (const { id } of sellers) await this.db.transaction((tx) => this.recomputeSeller(tx, id));
    await this.db.execute(
      sql`insert into shipping_rules_state (id, rules_hash, computed_at) values (1, ${fingerprint}, now())
          on conflict (id) do update set rules_hash = excluded.rules_hash, computed_at = excluded.computed_at`,
    );
    return true;
  }
}
