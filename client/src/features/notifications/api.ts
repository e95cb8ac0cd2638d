import type { Notification, NotificationPage, UnreadCount } from '@domain/notifications/responses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiGet, apiRequest, errorMessage } from '@/lib/api';
import { notificationKeys } from '@/lib/notification-cache';
import { useSession } from '@/lib/session';

/** How often the bell asks for the unread count while the tab is open. */
const UNREAD_POLL_MS = 60_000;

/**
 * The signed-in user's notifications. Each key carries the user's id, so another account signed in later in the
 * same tab never sees a cached one; invalidating the prefix refreshes the bell and the page.
 */
export const notificationQueries = {
  all: notificationKeys.all,
  /** GET /api/notifications/unread: the bell's count, polled every minute (and after any change). */
  unread: (userId: number) =>
    queryOptions({
      queryKey: [...notificationQueries.all, userId, 'unread'] as const,
      queryFn: async ({ signal }) =>
        (await apiGet<UnreadCount>('/api/notifications/unread', { signal }))?.unread ?? 0,
      refetchInterval: UNREAD_POLL_MS,
      staleTime: 0,
    }),
  /** GET /api/notifications?page: newest first. */
  page: (userId: number, page: number) =>
    queryOptions({
      queryKey: [...notificationQueries.all, userId, 'page', page] as const,
      queryFn: async ({ signal }) =>
        (await apiGet<NotificationPage>(`/api/notifications?page=${page}`, { signal })) as NotificationPage,
      staleTime: 0,
    }),
};

/** The unread count for the bell; 0 for a visitor (nothing is asked). */
export function useUnreadCount(): number {
  const { user } = useSession();
  const query = useQuery({ ...notificationQueries.unread(user?.id ?? 0), enabled: Boolean(user) });
  return user ? (query.data ?? 0) : 0;
}

export function useNotifications(page: number) {
  const { user } = useSession();
  return useQuery({
    ...notificationQueries.page(user?.id ?? 0, page),
    enabled: Boolean(user),
    placeholderData: (previous) => previous,
  });
}

/** POST /api/notifications/:id/read, or /read-all without an id; the bell and the page refresh. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id?: number): Promise<void> => {
      if (id === undefined) await apiRequest<UnreadCount>('POST', '/api/notifications/read-all', {});
      else await apiRequest<Notification>('POST', `/api/notifications/${id}/read`, {});
    },
    onError: (error) =>
      toast({
        title: 'Could not mark as read',
        description: errorMessage(error, 'Something went wrong'),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueries.all }),
  });
}
