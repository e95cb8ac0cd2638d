import { formatUSD } from '@domain/money';
import type { NotificationKind } from '@domain/notifications/types';
import { AUTO_DELIVER_DAYS, CARRIER_LABELS, type Carrier, trackingUrl } from '@domain/orders/shipments';

/** One notification to write: to whom, about what, its words and where it leads (docs/product.md#notifications). */
export interface Notice {
  userId: number;
  kind: NotificationKind;
  orderId: number;
  shipmentId: number | null;
  title: string;
  body: string;
  link: string;
}

/**
 * In checkout the order's number is not known until its row is written: the texts carry ORDER, which the
 * statement that writes them replaces with the number (see outbox.ts, noticeValues).
 */
export const ORDER = '{order}';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The buyer's "order placed", with what each seller will send. */
export function orderPlacedNotice(o: {
  buyerId: number;
  orderId: number | typeof ORDER;
  total: number;
  sellers: Array<{ username: string; items: number }>;
}): Omit<Notice, 'orderId'> {
  const lines = o.sellers.map((s) => `- ${plural(s.items, 'item', 'items')} from ${s.username}`);
  return {
    userId: o.buyerId,
    kind: 'order-placed',
    shipmentId: null,
    title: `Order #${o.orderId} placed`,
    body: [
      `Thank you for your order #${o.orderId} (${formatUSD(o.total)}).`,
      o.sellers.length === 1 ? 'It ships from one nursery:' : `It ships from ${o.sellers.length} nurseries:`,
      ...lines,
      'We will tell you as each part ships.',
    ].join('\n'),
    link: `/orders/${o.orderId}`,
  };
}

/** A seller's "new order", with what to send where. */
export function orderReceivedNotice(o: {
  sellerId: number;
  orderId: number | typeof ORDER;
  buyer: string;
  items: Array<{ title: string; quantity: number }>;
  shipTo: { city: string; state: string } | null;
  note: string | null;
}): Omit<Notice, 'orderId' | 'shipmentId'> {
  return {
    userId: o.sellerId,
    kind: 'order-received',
    title: `New order #${o.orderId} from ${o.buyer}`,
    body: [
      `${o.buyer} ordered${o.shipTo ? `, to ship to ${o.shipTo.city}, ${o.shipTo.state}` : ''}:`,
      ...o.items.map((i) => `- ${i.quantity} × ${i.title}`),
      ...(o.note ? ['', `Note from the buyer: ${o.note}`] : []),
      '',
      'Print the packing slip and mark it shipped from your Orders tab.',
    ].join('\n'),
    link: '/seller/dashboard?tab=orders',
  };
}

/** The buyer's "shipped", with the tracking. */
export function shippedNotice(s: {
  buyerId: number;
  orderId: number;
  shipmentId: number;
  seller: string;
  carrier: Carrier | null;
  trackingNumber: string | null;
}): Notice {
  const url = s.carrier ? trackingUrl(s.carrier, s.trackingNumber) : null;
  const tracking = s.carrier
    ? `${CARRIER_LABELS[s.carrier]}${s.trackingNumber ? ` tracking number ${s.trackingNumber}` : ''}`
    : null;
  return {
    userId: s.buyerId,
    kind: 'shipment-shipped',
    orderId: s.orderId,
    shipmentId: s.shipmentId,
    title: `Order #${s.orderId}: ${s.seller} shipped your plants`,
    body: [
      `${s.seller} shipped its part of your order #${s.orderId}.`,
      ...(tracking ? [`${tracking}.`] : []),
      ...(url ? [`Follow it: ${url}`] : []),
      'When it arrives, say so on the order page.',
    ].join('\n'),
    link: `/orders/${s.orderId}`,
  };
}

/** The other side's "cancelled": to the buyer when the seller cancelled, to the seller when the buyer did. */
export function cancelledNotice(s: {
  to: number;
  orderId: number;
  shipmentId: number;
  by: 'buyer' | 'seller';
  name: string;
  reason: string | null;
}): Notice {
  const bySeller = s.by === 'seller';
  return {
    userId: s.to,
    kind: 'shipment-cancelled',
    orderId: s.orderId,
    shipmentId: s.shipmentId,
    title: bySeller
      ? `Order #${s.orderId}: ${s.name} cancelled its part`
      : `Order #${s.orderId}: ${s.name} cancelled your part`,
    body: [
      bySeller
        ? `${s.name} cancelled its part of your order #${s.orderId}. Nothing from it will be sent.`
        : `${s.name} cancelled your part of order #${s.orderId}: do not send it. Its items are back on sale.`,
      s.reason ? `Reason: ${s.reason}` : 'No reason was given.',
    ].join('\n'),
    link: bySeller ? `/orders/${s.orderId}` : '/seller/dashboard?tab=orders',
  };
}

/** The seller's "delivered": the buyer confirmed it, or the 14 days passed. */
export function deliveredNotice(s: {
  sellerId: number;
  orderId: number;
  shipmentId: number;
  buyer: string;
  by: 'buyer' | 'auto';
}): Notice {
  return {
    userId: s.sellerId,
    kind: 'shipment-delivered',
    orderId: s.orderId,
    shipmentId: s.shipmentId,
    title: `Order #${s.orderId} delivered`,
    body:
      s.by === 'buyer'
        ? `${s.buyer} says your part of order #${s.orderId} arrived.`
        : `Your part of order #${s.orderId} to ${s.buyer} is taken as delivered: it shipped ${AUTO_DELIVER_DAYS} days ago and the buyer has not said otherwise.`,
    link: '/seller/dashboard?tab=orders',
  };
}

/** The seller's reminder: a shipment waits past their handling time. */
export function reminderNotice(s: {
  sellerId: number;
  orderId: number;
  shipmentId: number;
  buyer: string;
  handlingDays: number;
}): Notice {
  return {
    userId: s.sellerId,
    kind: 'ship-reminder',
    orderId: s.orderId,
    shipmentId: s.shipmentId,
    title: `Order #${s.orderId} is waiting to ship`,
    body: `${s.buyer}'s order #${s.orderId} has waited more than your handling time of ${plural(s.handlingDays, 'day', 'days')}. Ship it, or cancel it with a reason so the buyer knows.`,
    link: '/seller/dashboard?tab=orders',
  };
}
