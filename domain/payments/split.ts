/**
 * How an order's money divides among its shipments, fixed at checkout
 * (docs/decisions/0021-payments.md#money-as-facts-in-cents). Whole cents throughout:
 * - the order's shipping is shared in proportion to each shipment's lines: each share rounded down, and the cents
 *   left over given one each to the shipments with the largest remainders (ties: the lower shipment id), so the
 *   shares add up to the shipping exactly;
 * - a shipment's gross is its lines plus its share: the grosses add up to the order's total;
 * - its commission is its gross times the rate in basis points, rounded half up; its net is the gross less it.
 */

/** One shipment as checkout sees it: its id and what its lines cost, in cents. */
export interface ShipmentLines {
  id: number;
  linesCents: number;
}

/** What a shipment is worth and to whom, in cents: the settlement kept for it. */
export interface ShipmentSplit extends ShipmentLines {
  shippingCents: number;
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

/** Splits an order's shipping over its shipments and works out each one's gross, commission and net. */
export function splitOrder(
  shipments: readonly ShipmentLines[],
  shippingCents: number,
  commissionBp: number,
): ShipmentSplit[] {
  for (const n of [shippingCents, commissionBp, ...shipments.map((s) => s.linesCents)])
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number of cents: ${n}`);
  if (commissionBp > COMMISSION_BP_MAX) throw new RangeError(`commission over ${COMMISSION_BP_MAX} bp`);
  const lines = shipments.reduce((sum, s) => sum + s.linesCents, 0);
  // With no lines to weigh by (never at checkout: prices are positive), every shipment weighs the same.
  const weight = (s: ShipmentLines) => (lines === 0 ? 1 : s.linesCents);
  const total = lines === 0 ? shipments.length : lines;
  const shares = shipments.map((s) => ({
    id: s.id,
    share: Math.floor((shippingCents * weight(s)) / total),
    remainder: (shippingCents * weight(s)) % total,
  }));
  let left = shippingCents - shares.reduce((sum, s) => sum + s.share, 0);
  for (const s of [...shares].sort((a, b) => b.remainder - a.remainder || a.id - b.id)) {
    if (left === 0) break;
    s.share += 1;
    left -= 1;
  }
  return shipments.map((s, i) => {
    const share = (shares[i] as (typeof shares)[number]).share;
    const grossCents = s.linesCents + share;
    const commissionCents = basisPointsOf(grossCents, commissionBp);
    return {
      id: s.id,
      linesCents: s.linesCents,
      shippingCents: share,
      grossCents,
      commissionBp,
      commissionCents,
      netCents: grossCents - commissionCents,
    };
  });
}
