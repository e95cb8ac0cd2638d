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
