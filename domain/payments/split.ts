/**
 * How an order's money divides among its shipments, fixed at checkout
 * (docs/decisions/0021-payments.md#money-as-facts-in-cents). Whole cents throughout:
 * - each shipment carries its own shipping, from its nursery's rates (domain/shipping/rates.ts,
 *   docs/decisions/0044-shipping-rates-dates-holds.md): nothing is shared, so the order's shipping is their sum;
 * - a shipment's gross is its lines plus its shipping: the grosses add up to the order's total;
 * - its commission is its gross times the rate in basis points, rounded half up; its net is the gross less it.
 */

/** One shipment as checkout sees it: its id, what its lines cost and what it costs to ship, in cents. */
export interface ShipmentCharge {
  id: number;
  linesCents: number;
  shippingCents: number;
}

/** What a shipment is worth and to whom, in cents: the settlement kept for it. */
export interface ShipmentSplit extends ShipmentCharge {
  grossCents: number;
  commissionBp: number;
  commissionCents: number;
  netCents: number;
}

/** The largest commission rate: half of every sale. */
export const COMMISSION_BP_MAX = 5_000;

/** `value × bp / 10000`, rounded half up, for whole non-negative cents and basis points. */
export function basisPointsOf(value: number, bp: number): number {
  return Math.floor((value * bp + 5_000) / 10_000);
}

/** Each shipment's gross (its lines and its own shipping), commission and net. */
export function splitOrder(shipments: readonly ShipmentCharge[], commissionBp: number): ShipmentSplit[] {
  for (const n of [commissionBp, ...shipments.flatMap((s) => [s.linesCents, s.shippingCents])])
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number of cents: ${n}`);
  if (commissionBp > COMMISSION_BP_MAX) throw new RangeError(`commission over ${COMMISSION_BP_MAX} bp`);
  return shipments.map((s) => {
    const grossCents = s.linesCents + s.shippingCents;
    const commissionCents = basisPointsOf(grossCents, commissionBp);
    return {
      id: s.id,
      linesCents: s.linesCents,
      shippingCents: s.shippingCents,
      grossCents,
      commissionBp,
      commissionCents,
      netCents: grossCents - commissionCents,
    };
  });
}
