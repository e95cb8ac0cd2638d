import type { Order } from '@domain/orders/responses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiGet, apiRequest, errorMessage } from '@/lib/api';
import { catalogKeys } from '@/lib/catalog-cache';

/**
 * The buyer's order queries: they share ['orders', 'buyer'], so checkout refreshes them in one go (the seller's
 * order lines, ['orders', 'seller', …], are in ./seller-api).
 */
export const orderQueries = {
  all: ['orders', 'buyer'] as const,
  /** GET /api/orders: the signed-in user's orders, newest first; fetched afresh on each visit. */
  list: () =>
    queryOptions({
      queryKey: [...orderQueries.all, 'list'] as const,
      queryFn: async ({ signal }) => (await apiGet<Order[]>('/api/orders', { signal })) ?? [],
      staleTime: 0,
    }),
  /** GET /api/orders/:id (404 for a missing order or someone else's). */
  detail: (id: number) =>
    queryOptions({
      queryKey: [...orderQueries.all, 'detail', id] as const,
      // Never null: only a 401 answers null, and only when asked for.
      queryFn: async ({ signal }) => (await apiGet<Order>(`/api/orders/${id}`, { signal })) as Order,
      staleTime: 0,
    }),
};

/** The order id from the route, or null when it is not a plain number (then nothing is requested). */
export function parseOrderId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** GET /api/orders: the signed-in user's orders, newest first; fetched afresh on each visit. */
export function useOrders() {
  return useQuery(orderQueries.list());
}

/** GET /api/orders/:id (404 for a missing order or someone else's). */
export function useOrder(id: number | null) {
  return useQuery({ ...orderQueries.detail(id ?? 0), enabled: id !== null });
}

/**
 * POST /api/orders/:id/cancel (what has not shipped) or /api/orders/:id/shipments/:shipmentId/cancel (one
 * shipment), with the buyer's reason: "Order cancelled" or "Shipment cancelled" with the order shown at once; a
 * failure (it has shipped, say) toasts the server's message and reloads the order. Stock goes back, so products
 * refresh.
 */
export function useCancelOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shipmentId, reason }: { shipmentId?: number; reason: string }) =>
      apiRequest<Order>(
        'POST',
        shipmentId === undefined
          ? `/api/orders/${id}/cancel`
          : `/api/orders/${id}/shipments/${shipmentId}/cancel`,
        { reason },
      ),
    onSuccess: (order, { shipmentId }) => {
      queryClient.setQueryData(orderQueries.detail(id).queryKey, order);
      if (shipmentId === undefined)
        toast({ title: 'Order cancelled', description: `Order #${order.id} has been cancelled` });
      else toast({ title: 'Shipment cancelled', description: `Its items go back on sale` });
    },
    onError: (error) => {
      toast({
        title: 'Could not cancel',
        description: errorMessage(error, 'Something went wrong'),
        variant: 'destructive',
      });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: catalogKeys.products });
      return queryClient.invalidateQueries({ queryKey: orderQueries.all });
    },
  });
}

/** POST /api/orders/:id/shipments/:shipmentId/delivered: the buyer says the parcel arrived. */
export function useConfirmDelivery(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shipmentId: number) =>
      apiRequest<Order>('POST', `/api/orders/${id}/shipments/${shipmentId}/delivered`, {}),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueries.detail(id).queryKey, order);
      toast({ title: 'Marked as delivered', description: 'Thank you for letting the seller know' });
    },
    onError: (error) => {
      toast({
        title: 'Could not mark as delivered',
        description: errorMessage(error, 'Something went wrong'),
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderQueries.all }),
  });
}

/** Sends the browser to the card payment page (a full page load: Stripe's hosted page is another site). */
export function goToPaymentPage(url: string): void {
  window.location.assign(url);
}

/**
 * "Pay now" (POST /api/orders/:id/payment), for an order paid by card and still awaiting payment: the answer names
 * the payment page (the same page while it is open, a new one once it expired), where the browser goes. A failure
 * (paid meanwhile, the time to pay passed: 409; Stripe not answering: 503) toasts the server's message and reloads
 * the order, which shows where it stands.
 */
export function usePayNow(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Order>('POST', `/api/orders/${id}/payment`, {}),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueries.detail(id).queryKey, order);
      if (order.payment.redirectUrl) goToPaymentPage(order.payment.redirectUrl);
      // Paid meanwhile (the page shows it), or no page from the provider (Stripe) this time.
      else if (order.payment.status === 'awaiting')
        toast({
          title: 'Payment not started',
          description: `${order.payment.capabilities.name} did not give a payment page: please try again in a moment`,
          variant: 'destructive',
        });
    },
    onError: (error) => {
      toast({
        title: 'Could not start the payment',
        description: errorMessage(error, 'Something went wrong'),
        variant: 'destructive',
      });
      void queryClient.invalidateQueries({ queryKey: orderQueries.detail(id).queryKey });
    },
  });
}
