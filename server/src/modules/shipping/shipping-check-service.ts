import type { ShipsAs } from '@domain/constants';
import {
  decideShipping,
  type IsoDate,
  type SellerCertificate,
  type StateCode,
  shippingDecisionText,
  shippingToday,
  toShippingCheck,
} from '@domain/shipping';
import type { ShippingCheck } from '@domain/shipping/responses';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connect';
import { certificatesOf } from './profile-sql';

/**
 * Whether listings may ship to a state, by the shipping rules (docs/product.md#shipping-rules): the product page's
 * "Ships to CA" and the cart's marks. Checkout decides again, inside its transaction, with the same function.
 */
export class ShippingCheckService {
  constructor(
    private readonly db: Db,
    private readonly today: () => IsoDate = () => shippingToday(),
  ) {}

  /** One answer per visible listing asked about, in the order asked; unknown or archived ids are left out. */
  async check(productIds: readonly number[], destination: StateCode): Promise<ShippingCheck[]> {
    const rows = await queryRows<{
      id: number;
      shipsAs: ShipsAs;
      shipFromState: StateCode | null;
      blockedStates: StateCode[];
      certificates: SellerCertificate[];
    }>(
      this.db,
      sql`select p.id, p.ships_as as "shipsAs", u.ship_from_state as "shipFromState",
                 u.blocked_states as "blockedStates",
                 ${certificatesOf(sql`p.seller_id`)} as certificates
          from products p join users u on u.id = p.seller_id
          where p.id = any(${sql.param(productIds)}::int[]) and p.archived_at is null`,
    );
    const today = this.today();
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return productIds.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const decision = decideShipping(r, { shipsAs: r.shipsAs }, destination, today);
      return [toShippingCheck(id, decision, shippingDecisionText(decision, destination))];
    });
  }
}
