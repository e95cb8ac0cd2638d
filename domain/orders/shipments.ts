/**
 * Shipments (docs/product.md#shipments): an order has one per seller, holding that seller's lines, its status and
 * its tracking. The order's own status is derived from them. No zod here: the client's order pages import it.
 */

export const SHIPMENT_STATUSES = ['pending', 'shipped', 'delivered', 'cancelled'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];
export const SHIPMENT_STATUS_LABELS: Record<ShipmentStatus, string> = {
  pending: 'To ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** How an order stands, from its shipments (orderStatus). */
export const ORDER_STATUSES = ['pending', 'partly-shipped', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Who cancelled a shipment (the buyer, the seller, or the marketplace when it was not paid within its window), and who
 * said it arrived (the buyer, or the 14-day rule).
 */
export const CANCELLED_BY = ['buyer', 'seller', 'system'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];
export const DELIVERED_BY = ['buyer', 'auto'] as const;
export type DeliveredBy = (typeof DELIVERED_BY)[number];

/** A shipment not confirmed by the buyer this many days after it shipped is marked delivered. */
export const AUTO_DELIVER_DAYS = 14;

/**
 * The order's status from its shipments' statuses: cancelled when every shipment is; otherwise, over the ones
 * that stand, delivered when all arrived, shipped when all left, partly shipped when some did, pending when none.
 */
export function orderStatus(shipments: ReadonlyArray<{ status: ShipmentStatus }>): OrderStatus {
  const standing = shipments.filter((s) => s.status !== 'cancelled');
  if (standing.length === 0) return 'cancelled';
  const left = standing.filter((s) => s.status !== 'pending').length;
  if (left === 0) return 'pending';
  if (left < standing.length) return 'partly-shipped';
  return standing.every((s) => s.status === 'delivered') ? 'delivered' : 'shipped';
}

/** The order's status in words: "Pending", "Partly shipped: 1 of 2", "Shipped", "Delivered", "Cancelled". */
export function orderStatusLabel(shipments: ReadonlyArray<{ status: ShipmentStatus }>): string {
  const status = orderStatus(shipments);
  if (status !== 'partly-shipped') return ORDER_STATUS_LABELS[status];
  const standing = shipments.filter((s) => s.status !== 'cancelled');
  const left = standing.filter((s) => s.status !== 'pending').length;
  return `Partly shipped: ${left} of ${standing.length}`;
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  'partly-shipped': 'Partly shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The carriers a seller ships with. */
export const CARRIERS = ['usps', 'ups', 'fedex', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];
export const CARRIER_LABELS: Record<Carrier, string> = {
  usps: 'USPS',
  ups: 'UPS',
  fedex: 'FedEx',
  other: 'Other',
};

/** The longest tracking number kept (the longest carrier format, USPS's 34 with a routing code, and some room). */
export const TRACKING_NUMBER_MAX = 40;

/**
 * Each carrier's tracking number formats (after spaces and dashes are taken out and letters made upper case),
 * what the 400 says when a number fits none, and the carrier's public tracking page. "Other" (a regional carrier,
 * a hand delivery) takes any letters and digits, or none, and has no page.
 */
const TRACKING: Record<
  Carrier,
  { pattern: RegExp; expected: string; url: ((n: string) => string) | null; optional: boolean }
> = {
  usps: {
    // Intelligent Mail package barcodes: 20 or 22 digits, or 30 or 34 with the ZIP routing code (420…); and the
    // international S10 numbers (two letters, nine digits, US).
    pattern: /^(?:\d{20}|\d{22}|420\d{5}(?:\d{4})?\d{22}|[A-Z]{2}\d{9}US)$/,
    expected: '20 or 22 digits (or 420 and the ZIP code before them), or two letters, nine digits and US',
    url: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`,
    optional: false,
  },
  ups: {
    pattern: /^1Z[0-9A-Z]{16}$/,
    expected: '1Z followed by 16 letters or digits',
    url: (n) => `https://www.ups.com/track?tracknum=${n}`,
    optional: false,
  },
  fedex: {
    pattern: /^(?:\d{12}|\d{15}|\d{20}|\d{22})$/,
    expected: '12, 15, 20 or 22 digits',
    url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`,
    optional: false,
  },
  other: {
    pattern: /^[0-9A-Z]{0,40}$/,
    expected: `up to ${TRACKING_NUMBER_MAX} letters and digits`,
    url: null,
    optional: true,
  },
};

/** A tracking number as it is kept and compared: spaces and dashes taken out, letters upper case. */
export function normalizeTrackingNumber(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * The message when `number` (normalized) is not a tracking number of `carrier`, or null when it is. An empty
 * number is allowed only for "other".
 */
export function trackingNumberProblem(carrier: Carrier, number: string): string | null {
  const format = TRACKING[carrier];
  if (number === '') return format.optional ? null : `Enter the ${CARRIER_LABELS[carrier]} tracking number`;
  if (format.pattern.test(number)) return null;
  return `That is not a ${CARRIER_LABELS[carrier]} tracking number: expected ${format.expected}`;
}

/** The carrier's public tracking page for the number, or null ("other", or no number). */
export function trackingUrl(carrier: Carrier, number: string | null): string | null {
  const url = TRACKING[carrier].url;
  return url && number ? url(encodeURIComponent(number)) : null;
}

/** A piece of a text cut by `withTrackingLinks`: words as written, or a carrier's tracking page to link. */
export type TextPiece = { text: string } | { url: string };

/**
 * A text (a notification's body) cut into its words and the carriers' tracking pages in it, which the app and the
 * mail show as links. Only an address `trackingUrl` makes is linked: https, a carrier's own page and a tracking
 * number, so a web address a person wrote (a note, a listing's title, a city) stays text, and nothing but http(s)
 * can ever be a link (no `javascript:`).
 */
export function withTrackingLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let rest = 0;
  for (const match of text.matchAll(/https:\/\/[^\s<>"']+/g)) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    if (!isTrackingUrl(url)) continue;
    if (match.index > rest) pieces.push({ text: text.slice(rest, match.index) });
    pieces.push({ url });
    rest = match.index + url.length;
  }
  if (rest < text.length) pieces.push({ text: text.slice(rest) });
  return pieces;
}

/** Whether `url` is a carrier's tracking page as `trackingUrl` makes it. */
function isTrackingUrl(url: string): boolean {
  return Object.values(TRACKING).some((format) => {
    const prefix = format.url?.('');
    return (
      prefix !== undefined && url.startsWith(prefix) && /^[0-9A-Z]{1,40}$/.test(url.slice(prefix.length))
    );
  });
}
