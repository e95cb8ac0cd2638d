/**
 * Notifications' kinds, mail statuses and limits (docs/product.md#notifications); how the API shows them is in
 * ./responses.ts. No zod here: the client imports it.
 */

/** What happened, for whom: the buyer's, then the seller's. */
export const NOTIFICATION_KINDS = [
  'order-placed',
  'shipment-shipped',
  'shipment-cancelled',
  'shipment-delivered',
  'payment-received',
  'payment-held',
  'refund-sent',
  'hold-released',
  'order-received',
  'order-paid',
  'ship-reminder',
  'hold-ended',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The mail that tells a person of notifications held back from mail (see the limits below): a row of the outbox
 * like the others, never shown in the app.
 */
export const DIGEST_KIND = 'mail-digest';
/** Every kind an outbox row may have: those shown in the app, and the digest mail's. */
export const STORED_NOTIFICATION_KINDS = [...NOTIFICATION_KINDS, DIGEST_KIND] as const;
export type StoredNotificationKind = (typeof STORED_NOTIFICATION_KINDS)[number];

/**
 * Whether its email went: waiting (or retrying), sent, failed after its retries, not sent (email is off), held
 * back by a limit below (shown in the app, waiting for a digest), or told of in a digest.
 */
export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'off', 'held', 'digested'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * How many mails one person's actions (an order, a cancel, a shipment, a delivery) may cause another person to
 * receive in an hour. A buyer ordering and cancelling in a loop could otherwise mail a seller every few seconds,
 * with words of the buyer's own in each; a real buyer and seller exchange a handful of events an hour at most. The
 * rest stay in the app, and a digest tells of them.
 */
export const MAILS_PER_ACTOR_PER_HOUR = 5;
/**
 * How many mails one person may receive in 24 hours, digests included: a bound on what several accounts together
 * can send one inbox, and room for a busy nursery's 40 or so orders a day. The rest stay in the app.
 */
export const MAILS_PER_RECIPIENT_PER_DAY = 50;
/** A digest of the held notifications goes to one person at most once in this many minutes, this long after. */
export const DIGEST_INTERVAL_MINUTES = 60;

/** How many notifications a page holds. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
