import {
  notificationPageSchema,
  notificationSchema,
  unreadCountSchema,
} from '@domain/notifications/responses';
import { queryWholeNumber } from '@domain/query';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../http/params';
import { requireUser } from '../../plugins/session';
import type { NotificationService } from './notification-service';

const pageQuery = z.object({ page: queryWholeNumber('page', 1, 100_000) });
const notificationParams = idParams('Notification');

/** The signed-in user's notifications: the page, the bell's count, marking read. */
export async function notificationRoutes(
  app: FastifyInstance,
  { notifications }: { notifications: NotificationService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/',
    {
      config: { access: 'user' },
      schema: {
        summary: "The user's notifications, a page at a time",
        operationId: 'listNotifications',
        querystring: pageQuery,
        response: { 200: notificationPageSchema },
      },
    },
    async (request) => notifications.page(requireUser(request).id, request.query.page),
  );
  r.get(
    '/unread',
    {
      config: { access: 'user' },
      schema: {
        summary: 'How many notifications are unread',
        operationId: 'countUnreadNotifications',
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => notifications.unread(requireUser(request).id),
  );
  r.post(
    '/:id/read',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Mark a notification read',
        operationId: 'markNotificationRead',
        params: notificationParams,
        response: { 200: notificationSchema },
      },
    },
    async (request) => notifications.markRead(requireUser(request).id, request.params.id),
  );
  r.post(
    '/read-all',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Mark every notification read',
        operationId: 'markAllNotificationsRead',
        response: { 200: unreadCountSchema },
      },
    },
    async (request) => notifications.markAllRead(requireUser(request).id),
  );
}
