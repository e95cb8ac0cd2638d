import { ADDRESS_MESSAGES, ADDRESSES_MAX, type AddressFields, zip5 } from '@domain/shipping/addresses';
import type { Address, HardinessZonePlace, ZipPlace } from '@domain/shipping/responses';
import type { StateCode } from '@domain/shipping/states';
import { ZONE_MESSAGES } from '@domain/shipping/zones';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/connect';
import { addresses } from '../../db/schema';
import { Conflict, InvalidInput, NotFound } from '../../errors';
import { hardinessZone } from './hardiness-zones';
import { lookupZip, type ZipLookup, zipProblem } from './zips';

const addressColumns = {
  id: addresses.id,
  name: addresses.name,
  line1: addresses.line1,
  line2: addresses.line2,
  city: addresses.city,
  state: addresses.state,
  zip: addresses.zip,
  phone: addresses.phone,
  isDefault: addresses.isDefault,
};

/** Default first, then the newest. */
const LIST_ORDER = [desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id)];

/**
 * The buyer's address book (docs/product.md#shipping-addresses). A user keeps at most ADDRESSES_MAX addresses, and
 * one of them, whenever there is one, is the default: the first address becomes it, making another the default
 * moves it, and deleting it passes it to the newest address left. Each ZIP code must be known and lie in the
 * address's state. Another user's address is NotFound, like a missing one, and nothing changes.
 *
 * Every write takes the user's row lock first (FOR NO KEY UPDATE: sign-ins and cart writes, which only check the
 * user's key, do not wait), so one user's address writes take turns: the count and the default are read and
 * changed with no other write in between, and the partial unique index (one default per user) is never tripped.
 */
export class AddressService {
  constructor(
    private readonly db: Db,
    private readonly zips: ZipLookup = lookupZip,
  ) {}

  /** The user's addresses, the default first, then the newest. */
  async list(userId: number): Promise<Address[]> {
    const rows = await this.db
      .select(addressColumns)
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(...LIST_ORDER);
    return rows.map(toAddress);
  }

  /** One of the user's addresses; NotFound for a missing one or another user's. */
  async get(userId: number, id: number): Promise<Address> {
    const [row] = await this.db
      .select(addressColumns)
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!row) throw new NotFound(ADDRESS_MESSAGES.notFound);
    return toAddress(row);
  }

  /** Adds an address; the first one, or one sent with isDefault true, becomes the default. */
  async create(userId: number, input: AddressFields): Promise<Address> {
    await this.checkZip(input);
    return this.db.transaction(async (tx) => {
      const { count } = await lockUser(tx, userId);
      if (count >= ADDRESSES_MAX) throw new Conflict(ADDRESS_MESSAGES.tooMany);
      const isDefault = count === 0 || input.isDefault === true;
      if (isDefault) await clearDefault(tx, userId);
      const [row] = await tx
        .insert(addresses)
        .values({ userId, ...fieldsOf(input), isDefault })
        .returning(addressColumns);
      return toAddress(row as AddressRow);
    });
  }

  /**
   * Replaces an address's fields. isDefault true makes it the default (the previous one stops being it, in the
   * same transaction); false or absent leaves the default where it is: the default stops being it only when
   * another address is made the default.
   */
  async update(userId: number, id: number, input: AddressFields): Promise<Address> {
    await this.checkZip(input);
    return this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const [current] = await tx
        .select({ isDefault: addresses.isDefault })
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
      if (!current) throw new NotFound(ADDRESS_MESSAGES.notFound);
      const isDefault = current.isDefault || input.isDefault === true;
      if (isDefault && !current.isDefault) await clearDefault(tx, userId);
      const [row] = await tx
        .update(addresses)
        .set({ ...fieldsOf(input), isDefault, updatedAt: sql`now()` })
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning(addressColumns);
      return toAddress(row as AddressRow);
    });
  }

  /** Deletes an address; when it was the default, the newest address left becomes the default. */
  async delete(userId: number, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const [deleted] = await tx
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning({ isDefault: addresses.isDefault });
      if (!deleted) throw new NotFound(ADDRESS_MESSAGES.notFound);
      if (!deleted.isDefault) return;
      await tx.execute(
        sql`update addresses set is_default = true, updated_at = now()
            where id = (select id from addresses where user_id = ${userId}::int
                        order by created_at desc, id desc limit 1)`,
      );
    });
  }

  /** Where a ZIP code (or ZIP+4: its first five digits) is; NotFound "Unknown ZIP code" when the table lacks it. */
  async zipPlace(zip: string): Promise<ZipPlace> {
    const place = await this.zips(zip);
    if (!place) throw new NotFound(ADDRESS_MESSAGES.unknownZip);
    return { zip: zip5(zip), city: place.city, state: place.state };
  }

  /**
   * The hardiness zone of a 5-digit ZIP code (hardiness-zones.ts) and the place it names ("Miami, FL"; null when the
   * ZIP tables do not know it): 404 when the zone table has no zone for it.
   */
  async zonePlace(zip: string): Promise<HardinessZonePlace> {
    const [zone, place] = await Promise.all([hardinessZone(zip), this.zips(zip)]);
    if (!zone) throw new NotFound(ZONE_MESSAGES.unknown(zip));
    return { zip, zone, place: place ? `${place.city}, ${place.state}` : null };
  }

  /** The ZIP code must be one the ZIP tables know, in the address's state (either table's); else a 400 on zip. */
  private async checkZip(input: { zip: string; state: StateCode }): Promise<void> {
    const message = await zipProblem(this.zips, input);
    if (message) throw new InvalidInput(message, { zip: message });
  }
}

/**
 * Takes the user's row lock (see AddressService), then counts their addresses in a statement of its own: a count
 * read by the locking statement would come from before a wait for the lock, and miss what the write that held it
 * added or deleted (docs/architecture.md#reads-after-a-lock-wait).
 */
async function lockUser(tx: Tx, userId: number): Promise<{ count: number }> {
  await tx.execute(sql`select 1 from users u where u.id = ${userId}::int for no key update of u`);
  const [row] = await queryRows<{ count: number }>(
    tx,
    sql`select count(*)::int as count from addresses a where a.user_id = ${userId}::int`,
  );
  return { count: Number(row?.count ?? 0) };
}

async function clearDefault(tx: Tx, userId: number): Promise<void> {
  await tx
    .update(addresses)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}

function fieldsOf(input: AddressFields) {
  return {
    name: input.name,
    line1: input.line1,
    line2: input.line2,
    city: input.city,
    state: input.state,
    zip: input.zip,
    phone: input.phone,
  };
}

type AddressRow = Pick<typeof addresses.$inferSelect, keyof typeof addressColumns>;

function toAddress(row: AddressRow): Address {
  return { ...row, state: row.state as StateCode };
}
