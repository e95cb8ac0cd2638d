import type { Notification, NotificationPage, UnreadCount } from '@domain/notifications/responses';
import { DIGEST_KIND, NOTIFICATIONS_PAGE_SIZE, type NotificationKind } from '@domain/notifications/types';
import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { notifications } from '../../db/schema';
import { NotFound } from '../../errors';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

type Row = typeof notifications.$inferSelect;

function toNotification(
  r: Pick<Row, 'id' | 'kind' | 'title' | 'body' | 'link' | 'createdAt' | 'readAt'>,
): Notification {
  return {
    id: r.id,
    kind: r.kind as NotificationKind,
    title: r.title,
    body: r.body,
    link: r.link,
    createdAt: r.createdAt.toISOString(),
    readAt: r.readAt ? r.readAt.toISOString() : null,
  };
}

/** A user's notifications shown in the app: not the digest mails (written read, so never unread either). */
const shownTo = (userId: number) =>
  and(eq(notifications.userId, userId), ne(notifications.kind, DIGEST_KIND));

/** A user's notifications in the app: the page, the bell's unread count, marking read. Others' are 404. */
export class NotificationService {
  constructor(private readonly db: Db) {}

  async page(userId: number, page: number): Promise<NotificationPage> {
    const [rows, [totals]] = await Promise.all([
      this.db
        .select()
        .from(notifications)
        .where(shownTo(userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(NOTIFICATIONS_PAGE_SIZE)
        .offset((page - 1) * NOTIFICATIONS_PAGE_SIZE),
      this.db
        .select({
          total: count(),
          unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
        })
        .from(notifications)
        .where(shownTo(userId)),
    ]);
    return { items: rows.map(toNotification), unread: totals?.unread ?? 0, page, total: totals?.total ?? 0 };
  }

  async unread(userId: number): Promise<UnreadCount> {
    const [row] = await this.db
      .select({ unread: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return { unread: row?.unread ?? 0 };
  }

  /** Marks one read (again: no change); 404 for another user's. */
  async markRead(userId: number, id: number): Promise<Notification> {
    const [row] = await this.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), shownTo(userId)))
      .returning();
    if (!row) throw new NotFound(NOTIFICATION_NOT_FOUND);
    return toNotification(row);
  }

  async markAllRead(userId: number): Promise<UnreadCount> {
    await this.db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return { unread: 0 };
  }
}
