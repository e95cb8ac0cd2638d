import type { QueryClient } from '@tanstack/react-query';

/**
 * The prefix of the notifications' query keys (the queries themselves are notificationQueries, in
 * features/notifications/api.ts): every key starts with 'notifications', then the user's id. Here, shared, since
 * checkout (the orders feature) refreshes the bell after an order and a feature does not import another
 * (docs/architecture.md#import-rules).
 */
export const notificationKeys = {
  all: ['notifications'] as const,
};

/** Marks the bell's count and the notifications page stale, so they are asked again. */
export function refreshNotifications(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}
