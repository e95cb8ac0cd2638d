import { formatUSD } from '@domain/money';
import type { NotificationKind } from '@domain/notifications/types';
import { AUTO_DELIVER_DAYS, CARRIER_LABELS, type Carrier, trackingUrl } from '@domain/orders/shipments';

/** One notification to write: to whom, about what, its words and where it leads (docs/product.md#notifications). */
export interface Notice {
  userId: number;
  /** Who caused it (docs/product.md#notifications, the mail limits); null for the platform's own events. */
  actorId: number | null;
  kind: NotificationKind;
  orderId: number;
  shipmentId: number | null;
  title: string;
  body: string;
  link: string;
}

/** Where checkout's texts put the order's number, which it learns only as it writes the order (see OrderText). */
export const ORDER: unique symbol = Symbol('order number');

/**
 * A text of checkout's notices: the parts around each place the order's number goes. The statement that writes the
 * order joins them with its number (outbox.ts, withOrderNumber), so the number goes only where the platform's
 * words put it: a "{order}" or "$&" in a title, a note or a city stays as written.
 */
export type OrderText = string[];

/** A notice of checkout, its texts still waiting for the order's number. */
export type OrderNotice = Omit<Notice, 'actorId' | 'orderId' | 'shipmentId' | 'title' | 'body' | 'link'> & {
  title: OrderText;
  body: OrderText;
  link: OrderText;
};

type Piece = string | number | typeof ORDER | OrderText;

function appendPiece(parts: string[], piece: Piece): void {
  if (piece === ORDER) parts.push('');
  else if (Array.isArray(piece)) {
    parts[parts.length - 1] += piece[0] ?? '';
    parts.push(...piece.slice(1));
  } else parts[parts.length - 1] += String(piece);
}

/** An OrderText from a template: ORDER marks a place for the number; any other value is text as written. */
function orderText(strings: TemplateStringsArray, ...values: Piece[]): OrderText {
  const parts = [strings[0] ?? ''];
  values.forEach((value, i) => {
    appendPiece(parts, value);
    parts[parts.length - 1] += strings[i + 1] ?? '';
  });
  return parts;
}

/** Lines joined into one OrderText. */
function orderLines(lines: Piece[]): OrderText {
  const parts = [''];
  lines.forEach((line, i) => {
    if (i > 0) parts[parts.length - 1] += '\n';
    appendPiece(parts, line);
  });
  return parts;
}

/** Breaks a line can hold: a person's text on one line of ours stays on it (an old title may still have one). */
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;

/** A person's words set inside a line of ours: on that line, whatever breaks they held. */
export const oneLine = (text: string) => text.replace(LINE_BREAKS, ' ');

/**
 * A person's words of several lines (a note, a reason), set off from ours: introduced by our words, then each of
 * their lines quoted with "> ", so nothing they write can pass for the marketplace's own text or signature in the
 * notification or its mail (the mail's HTML shows the quoted lines as a quotation: sender.ts).
 */
export function quoted(intro: string, text: string): string[] {
  return [intro, ...text.split(LINE_BREAKS).map((line) => `${QUOTE}${line}`)];
}

/** How a quoted line starts. */
export const QUOTE = '> ';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The buyer's "order placed", with what each seller will send and, when the buyer pays each nursery directly, whom to
 * pay how much and how: each nursery's instructions in its own words, quoted.
 */
export function orderPlacedNotice(o: {
  buyerId: number;
  orderId: number | typeof ORDER;
  total: number;
  sellers: Array<{ name: string; items: number }>;
  /** Under the default provider: each nursery's part, its instructions, and the days the buyer has to pay. */
  payDirectly?: {
    days: number;
    parts: Array<{ payee: string; amount: number; instructions: string | null }>;
  };
}): OrderNotice & { shipmentId: null } {
  const lines = o.sellers.map((s) => `- ${plural(s.items, 'item', 'items')} from ${oneLine(s.name)}`);
  const pay = o.payDirectly;
  return {
    userId: o.buyerId,
    kind: 'order-placed',
    shipmentId: null,
    title: orderText`Order #${o.orderId} placed`,
    body: orderLines([
      orderText`Thank you for your order #${o.orderId} (${formatUSD(o.total)}).`,
      o.sellers.length === 1 ? 'It ships from one nursery:' : `It ships from ${o.sellers.length} nurseries:`,
      ...lines,
      ...(pay
        ? [
            '',
            `Pay each nursery directly, as it asks below: it ships once your payment arrives. A part not paid within ${plural(pay.days, 'day', 'days')} is cancelled.`,
            ...pay.parts.flatMap((p) => [
              '',
              ...quoted(`Pay ${oneLine(p.payee)} ${formatUSD(p.amount)}:`, p.instructions ?? ''),
            ]),
            '',
          ]
        : []),
      'We will tell you as each part ships.',
    ]),
    link: orderText`/orders/${o.orderId}`,
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
  /** Under the default provider: what the buyer owes this nursery, which ships once it has it. */
  payDirectly?: { amount: number };
}): OrderNotice {
  const buyer = oneLine(o.buyer);
  return {
    userId: o.sellerId,
    kind: 'order-received',
    title: orderText`New order #${o.orderId} from ${buyer}`,
    body: orderLines([
      `Ordered by ${buyer}${o.shipTo ? `, to ship to ${oneLine(o.shipTo.city)}, ${o.shipTo.state}` : ''}:`,
      ...o.items.map((i) => `- ${i.quantity} × ${oneLine(i.title)}`),
      ...(o.note ? ['', ...quoted('Note from the buyer:', o.note)] : []),
      '',
      o.payDirectly
        ? `The buyer pays you ${formatUSD(o.payDirectly.amount)} directly, as your payment instructions say. When it arrives, mark it received on your Orders tab, then print the packing slip and ship.`
        : 'Print the packing slip and mark it shipped from your Orders tab.',
    ]),
    link: ['/seller/dashboard?tab=orders'],
  };
}

/** The buyer's "shipped", with the tracking. */
export function shippedNotice(s: {
  buyerId: number;
  sellerId: number;
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
    actorId: s.sellerId,
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

/**
 * The other side's "cancelled": to the buyer when the seller cancelled, to the seller when the buyer did. When the
 * marketplace cancelled a part not paid within its window (`system`), both sides are told, each its own words.
 */
export function cancelledNotice(s: {
  to: number;
  /** The one who cancelled; null for the marketplace. */
  from: number | null;
  orderId: number;
  shipmentId: number;
  by: 'buyer' | 'seller' | 'system';
  /** The one who cancelled; for `system`, the other side (the nursery to the buyer, the buyer to the nursery). */
  name: string;
  /** For `system`: whether this notice goes to the buyer. */
  toBuyer?: boolean;
  reason: string | null;
}): Notice {
  const base = {
    userId: s.to,
    actorId: s.from,
    kind: 'shipment-cancelled' as const,
    orderId: s.orderId,
    shipmentId: s.shipmentId,
  };
  if (s.by === 'system')
    return s.toBuyer
      ? {
          ...base,
          title: `Order #${s.orderId}: ${s.name}'s part was cancelled, unpaid`,
          body: `Your payment for ${s.name}'s part of order #${s.orderId} did not arrive in time, so that part was cancelled and its plants put back on sale. Nothing from ${s.name} will be sent.`,
          link: `/orders/${s.orderId}`,
        }
      : {
          ...base,
          title: `Order #${s.orderId}: your part was cancelled, unpaid`,
          body: `${s.name}'s payment for your part of order #${s.orderId} did not arrive in time, so the marketplace cancelled it: do not send it. Its items are back on sale.`,
          link: '/seller/dashboard?tab=orders',
        };
  const bySeller = s.by === 'seller';
  return {
    ...base,
    title: bySeller
      ? `Order #${s.orderId}: ${s.name} cancelled its part`
      : `Order #${s.orderId}: ${s.name} cancelled your part`,
    body: [
      bySeller
        ? `${s.name} cancelled its part of your order #${s.orderId}. Nothing from it will be sent.`
        : `${s.name} cancelled your part of order #${s.orderId}: do not send it. Its items are back on sale.`,
      ...(s.reason ? quoted('Reason:', s.reason) : ['No reason was given.']),
    ].join('\n'),
    link: bySeller ? `/orders/${s.orderId}` : '/seller/dashboard?tab=orders',
  };
}

/** The buyer's "payment received": a nursery paid directly says the buyer's payment for its part arrived. */
export function paymentReceivedNotice(s: {
  buyerId: number;
  sellerId: number;
  orderId: number;
  shipmentId: number;
  payee: string;
  amount: number;
}): Notice {
  return {
    userId: s.buyerId,
    actorId: s.sellerId,
    kind: 'payment-received',
    orderId: s.orderId,
    shipmentId: s.shipmentId,
    title: `Order #${s.orderId}: ${s.payee} received your payment`,
    body: `${s.payee} says your payment of ${formatUSD(s.amount)} for its part of order #${s.orderId} arrived. It will ship your plants next.`,
    link: `/orders/${s.orderId}`,
  };
}

/**
 * The buyer's "refund sent": a nursery paid directly says it sent back the buyer's payment for a part cancelled after
 * it was paid, with its note quoted (its own words: the mail escapes them, the app shows them as text).
 */
export function refundSentNotice(s: {
  buyerId: number;
  sellerId: number;
  orderId: number;
  shipmentId: number;
  payee: string;
  amount: number;
  note: string | null;
}): Notice {
  return {
    userId: s.buyerId,
    actorId: s.sellerId,
    kind: 'refund-sent',
    orderId: s.orderId,
    shipmentId: s.shipmentId,
    title: `${s.payee} sent your refund of ${formatUSD(s.amount)} for order #${s.orderId}`,
    body: [
      `${s.payee} says it sent back your payment of ${formatUSD(s.amount)} for its cancelled part of order #${s.orderId}.`,
      ...(s.note ? quoted('Its note:', s.note) : []),
    ].join('\n'),
    link: `/orders/${s.orderId}`,
  };
}

/**
 * The seller's "paid" under Stripe: the buyer's card payment for the order went through (the marketplace holds it
 * until the part is delivered), so the nursery may ship its part now. From the platform, not from the buyer.
 */
export function orderPaidNotice(s: { sellerId: number; orderId: number; shipmentId: number }): Notice {
  return {
    userId: s.sellerId,
    actorId: null,
    kind: 'order-paid',
    orderId: s.orderId,
    shipmentId: s.shipmentId,
    title: `Order #${s.orderId} is paid: ship it`,
    body: `The buyer's card payment for order #${s.orderId} went through. Print the packing slip and ship your part; you are paid for it once it is delivered.`,
    link: '/seller/dashboard?tab=orders',
  };
}

/**
 * The buyer's "payment held" under Stripe: the card payment came in short of the order (less than its total, or in
 * another currency), so it is held for a person at the marketplace and no nursery ships it. From the platform.
 */
export function paymentHeldNotice(s: {
  buyerId: number;
  orderId: number;
  /** What came in, in dollars; null when it came in another currency. */
  received: number | null;
  total: number;
}): Notice {
  const came =
    s.received === null
      ? `came in another currency than US dollars`
      : `came to ${formatUSD(s.received)} of the order's ${formatUSD(s.total)} total`;
  return {
    userId: s.buyerId,
    actorId: null,
    kind: 'payment-held',
    orderId: s.orderId,
    shipmentId: null,
    title: `Order #${s.orderId}: your payment is being looked into`,
    body: `Your card payment for order #${s.orderId} ${came}, so the nurseries won't ship it for now. The marketplace has been told and will be in touch about what you paid.`,
    link: `/orders/${s.orderId}`,
  };
}

/** The seller's "delivered": the buyer confirmed it, or the 14 days passed. */
export function deliveredNotice(s: {
  sellerId: number;
  buyerId: number;
  orderId: number;
  shipmentId: number;
  buyer: string;
  by: 'buyer' | 'auto';
}): Notice {
  return {
    userId: s.sellerId,
    actorId: s.by === 'buyer' ? s.buyerId : null,
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
    actorId: null,
    kind: 'ship-reminder',
    orderId: s.orderId,
    shipmentId: s.shipmentId,
    title: `Order #${s.orderId} is waiting to ship`,
    body: `${s.buyer}'s order #${s.orderId} has waited more than your handling time of ${plural(s.handlingDays, 'day', 'days')}. Ship it, or cancel it with a reason so the buyer knows.`,
    link: '/seller/dashboard?tab=orders',
  };
}

/**
 * A weather hold is over (the maintenance found its day passed): the buyer is told their plants ship about `shipOn`
 * (the nursery's next ship day), and the nursery that it may ship them now.
 */
export function holdReleasedNotices(s: {
  buyerId: number;
  sellerId: number;
  orderId: number;
  shipmentId: number;
  nursery: string;
  buyer: string;
  shipOn: string;
}): Notice[] {
  return [
    {
      userId: s.buyerId,
      actorId: null,
      kind: 'hold-released',
      orderId: s.orderId,
      shipmentId: s.shipmentId,
      title: `Order #${s.orderId}: ${s.nursery}'s plants are no longer held for the cold`,
      body: `The cold where your plants go should be over for now: ${s.nursery} ships them on its next ship day, about ${s.shipOn}.`,
      link: `/orders/${s.orderId}`,
    },
    {
      userId: s.sellerId,
      actorId: null,
      kind: 'hold-ended',
      orderId: s.orderId,
      shipmentId: s.shipmentId,
      title: `Order #${s.orderId}: its hold for the cold is over`,
      body: `${s.buyer}'s order #${s.orderId} was held for the cold where it goes. Ship it on your next ship day, about ${s.shipOn}.`,
      link: '/seller/dashboard?tab=orders',
    },
  ];
}
