/** Numbers written as text (a query parameter, a form field), read the same way by client and server. */

/** Plain decimal notation: an optional minus, digits, and optionally a point and more digits. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The number a text writes in plain decimal ("12", "12.50", "-1"), or undefined. Number() alone would also take
 * "0x10" (16), "0b1", "1e3", " 12 ", "Infinity" and "" (0): a field may look valid to one reader and mean
 * something else to another, so only what a person types as a decimal number counts.
 */
export function parseDecimal(text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}
