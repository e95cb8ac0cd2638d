import type { Order } from '@domain/orders/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiGet, apiRequest, errorMessage } from '@/lib/api';

/** All order queries share the '/api/orders' prefix, so checkout refreshes them in one go. */
export const orderKeys = {
  all: ['/api/orders'] as const,
  detail: (id: number) => ['/api/orders', id] as const,
};

/** The order id from the route, or null when it is not a plain number (then nothing is requested). */
export function parseOrderId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** GET /api/orders: the signed-in user's orders, newest first; fetched afresh on each visit. */
export function useOrders() {
  return useQuery({
    queryKey: orderKeys.all,
    queryFn: async ({ signal }) => (await apiGet<Order[]>('/api/orders', { signal })) ?? [],
    staleTime: 0,
  });
}

/** GET /api/orders/:id (404 for a missing order or someone else's). */
export function useOrder(id: number | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? 0),
    // Never null: only a 401 answers null, and only when asked for.
    queryFn: async ({ signal }) => (await apiGet<Order>(`/api/orders/${id}`, { signal })) as Order,
    enabled: id !== null,
    staleTime: 0,
  });
}

/**
 * POST /api/orders/:id/cancel: "Order cancelled" with the cancelled order shown at once; a failure (it has
 * shipped, say) toasts the server's message and reloads the order. Stock goes back, so products refresh.
 */
export function useCancelOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Order>('POST', `/api/orders/${id}/cancel`, {}),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(id), order);
      toast({ title: 'Order cancelled', description: `Order #${order.id} has been cancelled` });
    },
    onError: (error) => {
      toast({
        title: 'Could not cancel order',
        description: errorMessage(error, 'Something went wrong'),
        variant: 'destructive',
      });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/products'] });
      return queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
