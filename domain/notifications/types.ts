/** Notifications as the API shows them (docs/product.md#notifications). No zod here: the client imports it. */

/** What happened, for whom: the buyer's, then the seller's. */
export const NOTIFICATION_KINDS = [
  'order-placed',
  'shipment-shipped',
  'shipment-cancelled',
  'shipment-delivered',
  'order-received',
  'ship-reminder',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Whether its email went: waiting (or retrying), sent, failed after its retries, or not sent (email is off). */
export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'off'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export interface Notification {
  id: number;
  kind: NotificationKind;
  title: string;
  /** Plain text, several lines. */
  body: string;
  /** Where in the app it leads (a path), or null. */
  link: string | null;
  createdAt: string;
  /** When it was marked read, null while unread. */
  readAt: string | null;
}

/** GET /api/notifications: the newest first, a page at a time, with how many are unread in all. */
export interface NotificationPage {
  items: Notification[];
  unread: number;
  page: number;
  total: number;
}

/** How many notifications a page holds. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
