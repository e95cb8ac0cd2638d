import { SHIPPING_CENTS } from './constants';

/** Dollars (as typed or sent by the API) to integer cents, exactly. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Formats a dollar amount as USD in en-US, e.g. $1,234.50. */
export function formatUSD(dollars: number): string {
  return usd.format(dollars);
}

export interface PricedLine {
  /** Unit price in dollars. */
  price: number;
  quantity: number;
}

export interface Totals {
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
}

/** Subtotal, flat shipping when the subtotal is above 0, and total, all in integer cents. No tax. */
export function cartTotals(lines: ReadonlyArray<PricedLine>): Totals {
  const subtotalCents = lines.reduce((sum, l) => sum + toCents(l.price) * l.quantity, 0);
  const shippingCents = subtotalCents > 0 ? SHIPPING_CENTS : 0;
  return { subtotalCents, shippingCents, totalCents: subtotalCents + shippingCents };
}
