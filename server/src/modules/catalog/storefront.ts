import type { Storefront } from '@domain/catalog/responses';
import {
  CERTIFICATE_LABELS,
  type CertificateKind,
  type IsoDate,
  ratesInDollars,
  type ShipDay,
  type ShippingRatesCents,
  shippingToday,
} from '@domain/shipping';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connect';
import { shopName } from '../../db/names';
import type { RowOf } from '../../db/rows';
import type { users } from '../../db/schema';
import { NotFound } from '../../errors';
import { shippingRatesJson } from '../shipping';
import { ratingOf } from './products';

export const SELLER_NOT_FOUND = 'Seller not found';
/** How many sellers' ids are kept by username (a few hundred KB at most). */
const KNOWN_SELLERS = 10_000;

/** The usernames' index holds them lower-cased: a storefront's address is found whatever its case. */
const byUsername = (username: string) => sql`lower(u.username) = lower(${username}) and u.is_seller`;

/**
 * A text no username can be: one with a NUL, which PostgreSQL's text cannot even hold (the query would fail). Such
 * an address names no nursery, like any other unknown name.
 */
const impossible = (username: string) => username.includes('\u0000');

/**
 * The nurseries' storefronts (docs/decisions/0024-storefronts.md): who a seller is to buyers, and the seller a
 * catalog list is scoped to (`?seller=<username>`).
 */
export class Storefronts {
  /**
   * Sellers' ids by lower-cased username: an account keeps its username and id for good, and a seller stays one, so
   * a scoped list (every page of a storefront) need not look its seller up again. Unknown names are not kept.
   */
  private readonly ids = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly today: () => IsoDate = () => shippingToday(),
  ) {}

  /** The seller's id for a storefront's username; NotFound for a username that is not a seller's. */
  async sellerId(username: string): Promise<number> {
    const key = username.toLowerCase();
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    if (impossible(username)) throw new NotFound(SELLER_NOT_FOUND);
    const [row] = await queryRows<{ id: number }>(
      this.db,
      sql`select u.id from users u where ${byUsername(username)}`,
    );
    if (!row) throw new NotFound(SELLER_NOT_FOUND);
    if (this.ids.size >= KNOWN_SELLERS) this.ids.delete(this.ids.keys().next().value as string);
    this.ids.set(key, row.id);
    return row.id;
  }

  /** GET /api/sellers/:username: the storefront's profile, its rating, its count of listings for sale. */
  async get(username: string): Promise<Storefront> {
    if (impossible(username)) throw new NotFound(SELLER_NOT_FOUND);
    const [row] = await queryRows<
      RowOf<
        typeof users,
        | 'id'
        | 'username'
        | 'location'
        | 'bio'
        | 'licence'
        | 'shipFromState'
        | 'handlingDays'
        | 'blockedStates'
        | 'shipDays'
        | 'holidayTakesOrders'
      > & {
        holidayUntil: IsoDate | null;
        name: string;
        createdAt: Date | string;
        ratingCount: number;
        ratingSum: number;
        listings: number;
        certificates: Array<{ kind: CertificateKind; expiresOn: IsoDate }> | null;
        rates: ShippingRatesCents;
      }
    >(
      this.db,
      // The rating sums the listings' own (products.rating_count and rating_sum, kept by the reviews), so a hidden
      // review counts nowhere; archived listings' reviews are the nursery's record too.
      sql`select u.id, u.username, ${shopName(sql`u`)} as name, u.location, u.bio, u.licence,
                 u.ship_from_state as "shipFromState", u.handling_days as "handlingDays",
                 u.blocked_states as "blockedStates", u.ship_days as "shipDays",
                 -- A pause whose last day has passed is over: none is shown.
                 case when u.holiday_until >= ${this.today()}::date then u.holiday_until::text end as "holidayUntil",
                 u.holiday_takes_orders as "holidayTakesOrders", u.created_at as "createdAt",
                 ${shippingRatesJson(sql`u`)} as rates,
                 coalesce(r.count, 0)::int as "ratingCount", coalesce(r.sum, 0)::int as "ratingSum",
                 coalesce(r.listings, 0)::int as listings,
                 (select json_agg(json_build_object('kind', c.kind, 'expiresOn', c.expires_on) order by c.kind)
                  from seller_certificates c
                  where c.seller_id = u.id and c.expires_on >= ${this.today()}::date) as certificates
          from users u
          left join lateral (
            select sum(p.rating_count) as count, sum(p.rating_sum) as sum,
                   count(*) filter (where p.archived_at is null) as listings
            from products p where p.seller_id = u.id
          ) r on true
          where ${byUsername(username)}`,
    );
    if (!row) throw new NotFound(SELLER_NOT_FOUND);
    return {
      id: row.id,
      username: row.username,
      name: row.name,
      location: row.location,
      bio: row.bio,
      memberSince: new Date(row.createdAt).toISOString(),
      rating: ratingOf(row.ratingCount, row.ratingSum),
      listings: row.listings,
      licence: row.licence,
      certificates: (row.certificates ?? []).map((c) => ({
        kind: c.kind,
        label: CERTIFICATE_LABELS[c.kind],
        expiresOn: String(c.expiresOn).slice(0, 10),
      })),
      shipping: {
        shipFromState: row.shipFromState as Storefront['shipping']['shipFromState'],
        handlingDays: row.handlingDays,
        blockedStates: row.blockedStates as Storefront['shipping']['blockedStates'],
        shipDays: row.shipDays as ShipDay[],
        holiday:
          row.holidayUntil === null ? null : { until: row.holidayUntil, takeOrders: row.holidayTakesOrders },
        rates: ratesInDollars(row.rates),
      },
    };
  }
}
