import { toCents } from '@domain/money';
import { ratesInCents, type ShippingRatesCents, shippingBySeller } from '@domain/shipping';
import type { ShownCartLine } from './cart-query';

/** One nursery's shipment of the cart: whose it is and what it costs to ship, in cents. */
export interface CartShipment {
  sellerId: number;
  name: string;
  cents: number;
}

/**
 * The cart's shipments, one per nursery in the order of its first line, each with its shipping under the nursery's
 * rates as the cart's lines carry them: the rule checkout charges by (domain/shipping/rates.ts), so the cart shows
 * what the order will cost. Checkout sends their sum, and is refused if the rates changed meanwhile.
 */
export function cartShipments(lines: readonly ShownCartLine[]): CartShipment[] {
  const sellers = new Map<number, { name: string; rates: ShippingRatesCents }>();
  for (const { product } of lines)
    if (!sellers.has(product.seller.id))
      sellers.set(product.seller.id, {
        name: product.seller.name,
        rates: ratesInCents(product.seller.shippingRates),
      });
  const shipping = shippingBySeller(
    lines.map((l) => ({
      sellerId: l.product.seller.id,
      shipsAs: l.product.shipsAs,
      quantity: l.quantity,
      priceCents: toCents(l.product.price),
    })),
    (sellerId) => (sellers.get(sellerId) as { rates: ShippingRatesCents }).rates,
  );
  return [...shipping].map(([sellerId, cents]) => ({
    sellerId,
    name: sellers.get(sellerId)?.name ?? '',
    cents,
  }));
}
