/** Notifications as the API shows them (docs/product.md#notifications), as zod schemas and the types derived from them. */
import { z } from 'zod';
import { id, isoTime } from '../responses';
import { NOTIFICATION_KINDS, NOTIFICATIONS_PAGE_SIZE } from './types';

export const notificationSchema = z
  .object({
    id: id(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string().describe('Plain text, several lines'),
    link: z.string().nullable().describe('Where in the app it leads (a path), or null'),
    createdAt: isoTime(),
    readAt: isoTime().nullable().describe('When it was marked read, null while unread'),
  })
  .meta({ id: 'Notification' });
export type Notification = z.output<typeof notificationSchema>;

/** GET /api/notifications: the newest first, a page at a time, with how many are unread in all. */
export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.int().nonnegative(),
  page: z.int().positive(),
  total: z
    .int()
    .nonnegative()
    .describe(`How many notifications there are in all (a page holds at most ${NOTIFICATIONS_PAGE_SIZE})`),
});
export type NotificationPage = z.output<typeof notificationPageSchema>;

/** How many of the person's notifications are unread (the bell's count). */
export const unreadCountSchema = z.object({ unread: z.int().nonnegative() }).meta({ id: 'UnreadCount' });
export type UnreadCount = z.output<typeof unreadCountSchema>;
