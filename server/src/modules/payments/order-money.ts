/**
 * The money of a new order (docs/decisions/0034-one-owner-for-money.md): what each shipment is worth and to whom (its
 * settlement, by the rule of domain/payments/split.ts) and the order's payment, with the window to pay in. Written by
 * the statement that writes the order (orders' writeOrder), which asks this module for the part of it that is money:
 * the payments module owns `payments`, `shipment_settlements` and `ledger_entries`, and every write to them.
 */
import type { PaymentProviderId, ShipmentSplit } from '@domain/payments';
import { splitOrder } from '@domain/payments';
import { type SQL, sql } from 'drizzle-orm';

/** What a new order's money is: its payment's provider and window, and the commission on each shipment. */
export interface NewOrderMoney {
  provider: PaymentProviderId;
  /** The commission on each shipment's gross, in basis points, fixed at checkout. */
  commissionBp: number;
  /** How long the buyer has to pay, from the order's time. */
  windowMs: number;
}

/**
 * A new order's money, shipment by shipment: `parcels` are its sellers' lines and shipping in cents, in the order their
 * shipments are written (so the index stands for the shipment in the statement).
 */
export function splitNewOrder(
  parcels: ReadonlyArray<{ linesCents: number; shippingCents: number }>,
  commissionBp: number,
): ShipmentSplit[] {
  return splitOrder(
    parcels.map((p, n) => ({ id: n, linesCents: p.linesCents, shippingCents: p.shippingCents })),
    commissionBp,
  );
}

/**
 * The money part of the statement that writes a new order: common table expressions, to follow the order's own
 * (after a comma), that insert each shipment's settlement (`splits`, as splitNewOrder made them) and the order's
 * payment of `amountCents`, due `money.windowMs` after the order's time. They read the statement's `o` (the order
 * inserted: `id`, `created_at`), `s` (its shipments: `id`, `seller_id`) and `sellers` (`n`, `seller_id`: the index of
 * each seller's shipment in `splits`), and name `payment` the row inserted (`expires_at`), which the statement's
 * answer may read.
 */
export function newOrderMoneySql(
  money: NewOrderMoney,
  splits: readonly ShipmentSplit[],
  amountCents: number,
): SQL {
  const splitRows = sql.join(
    splits.map(
      (x) =>
        sql`(${x.id}::int, ${x.linesCents}::int, ${x.shippingCents}::int, ${x.grossCents}::int, ${x.commissionBp}::int, ${x.commissionCents}::int, ${x.netCents}::int)`,
    ),
    sql`, `,
  );
  return sql`splits (n, lines_cents, shipping_cents, gross_cents, commission_bp, commission_cents, net_cents) as
          (values ${splitRows}),
        settled as (
          insert into shipment_settlements (shipment_id, lines_cents, shipping_cents, gross_cents, commission_bp,
                                            commission_cents, net_cents)
          select s.id, x.lines_cents, x.shipping_cents, x.gross_cents, x.commission_bp, x.commission_cents,
                 x.net_cents
          from s join sellers y on y.seller_id = s.seller_id join splits x on x.n = y.n
          returning shipment_id
        ),
        payment as (
          insert into payments (order_id, provider, amount_cents, expires_at, created_at)
          select o.id, ${money.provider}::text, ${amountCents}::int,
                 o.created_at + make_interval(secs => ${Math.floor(money.windowMs / 1000)}::int), o.created_at
          from o
          returning expires_at
        )`;
}
