import { toCents } from '@domain/money';
import { ratesInCents, shipmentShippingCents } from '@domain/shipping';
import type { ShownCartLine } from './cart-query';

/** A cart line's nursery, as the cart's answer carries it. */
export type CartNursery = ShownCartLine['product']['seller'];

/** The cart's lines by nursery, one shipment each, in the order of each nursery's first line. */
export function cartNurseries(
  lines: readonly ShownCartLine[],
): Array<{ seller: CartNursery; lines: ShownCartLine[] }> {
  const nurseries = new Map<number, { seller: CartNursery; lines: ShownCartLine[] }>();
  for (const line of lines) {
    const seller = line.product.seller;
    const own = nurseries.get(seller.id) ?? { seller, lines: [] };
    own.lines.push(line);
    nurseries.set(seller.id, own);
  }
  return [...nurseries.values()];
}

/** One nursery's shipment of the cart: whose it is and what it costs to ship, in cents. */
export interface CartShipment {
  sellerId: number;
  name: string;
  cents: number;
}

/**
 * The cart's shipments, each with its shipping under its nursery's rates as the cart's lines carry them: the rule
 * checkout charges by (shipmentShippingCents, domain/shipping/rates.ts), so the cart shows what the order will cost.
 * Checkout sends their sum, and is refused if the rates changed meanwhile.
 */
export function cartShipments(lines: readonly ShownCartLine[]): CartShipment[] {
  return cartNurseries(lines).map(({ seller, lines: own }) => ({
    sellerId: seller.id,
    name: seller.name,
    cents: shipmentShippingCents(
      own.map((l) => ({
        shipsAs: l.product.shipsAs,
        quantity: l.quantity,
        priceCents: toCents(l.product.price),
      })),
      ratesInCents(seller.shippingRates),
    ),
  }));
}
