import type { SellerShipment, SellerShipmentPage } from '@domain/orders/responses';
import type { ShipShipmentInput } from '@domain/orders/schemas';
import type { ShipmentStatus } from '@domain/orders/shipments';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiGet, apiRequest, errorMessage } from '@/lib/api';
import { catalogKeys } from '@/lib/catalog-cache';
import { useSession } from '@/lib/session';

/**
 * The seller's shipments. Each key carries the seller's id, so a cached list never shows for another account
 * signed in later in the same tab; invalidating the prefix refreshes them all.
 */
export const sellerOrderQueries = {
  all: ['orders', 'seller'] as const,
  /** GET /api/seller/shipments?status&page: one page of a status's shipments, with every status's count. */
  page: (sellerId: number, status: ShipmentStatus, page: number) =>
    queryOptions({
      queryKey: [...sellerOrderQueries.all, sellerId, 'page', status, page] as const,
      queryFn: async ({ signal }) =>
        (await apiGet<SellerShipmentPage>(`/api/seller/shipments?status=${status}&page=${page}`, {
          signal,
        })) as SellerShipmentPage,
      staleTime: 0,
    }),
  /** GET /api/seller/shipments/:id: one shipment, as its packing slip shows it. */
  one: (sellerId: number, id: number) =>
    queryOptions({
      queryKey: [...sellerOrderQueries.all, sellerId, 'one', id] as const,
      queryFn: async ({ signal }) =>
        (await apiGet<SellerShipment>(`/api/seller/shipments/${id}`, { signal })) as SellerShipment,
      staleTime: 0,
    }),
};

function useSellerId(): number | null {
  const { user } = useSession();
  return user?.isSeller ? user.id : null;
}

/** One page of the seller's shipments in a status, with the counts of every status. */
export function useSellerShipments(status: ShipmentStatus, page: number) {
  const sellerId = useSellerId();
  return useQuery({
    ...sellerOrderQueries.page(sellerId ?? 0, status, page),
    enabled: sellerId !== null,
    placeholderData: (previous) => previous,
  });
}

/** One of the seller's shipments (the packing slip). */
export function useSellerShipment(id: number | null) {
  const sellerId = useSellerId();
  return useQuery({
    ...sellerOrderQueries.one(sellerId ?? 0, id ?? 0),
    enabled: sellerId !== null && id !== null,
  });
}

/**
 * POST /api/seller/shipments/:id/ship {carrier, trackingNumber}: "Marked as shipped" and the lists reload; a
 * wrong tracking number is the caller's to show on its field (the 400's errors.trackingNumber).
 */
export function useShipShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & ShipShipmentInput) =>
      apiRequest<SellerShipment>('POST', `/api/seller/shipments/${id}/ship`, body),
    onSuccess: (shipped) => {
      toast({
        title: 'Marked as shipped',
        description: `Order #${shipped.orderId} for ${shipped.buyer.username}`,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sellerOrderQueries.all }),
  });
}

/** Puts a shipment the server answered into every cached page and slip that shows it, before they reload. */
function showShipment(queryClient: ReturnType<typeof useQueryClient>, shipment: SellerShipment): void {
  queryClient.setQueriesData<SellerShipmentPage | SellerShipment>(
    { queryKey: sellerOrderQueries.all },
    (data) => {
      if (!data) return data;
      if ('shipments' in data)
        return { ...data, shipments: data.shipments.map((s) => (s.id === shipment.id ? shipment : s)) };
      return data.id === shipment.id ? shipment : data;
    },
  );
}

/**
 * POST /api/seller/shipments/:id/payment-received (direct payments): the buyer's money reached the nursery, so it
 * may ship; "Payment received" and the lists reload. The buyer is told.
 */
export function useMarkPaymentReceived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<SellerShipment>('POST', `/api/seller/shipments/${id}/payment-received`),
    onSuccess: (paid) => {
      showShipment(queryClient, paid);
      toast({
        title: 'Payment received',
        description: `Order #${paid.orderId}: ${paid.buyer.username} has been told, and you can ship it`,
      });
    },
    onError: (error) => {
      toast({
        title: 'Could not record the payment',
        description: errorMessage(error, 'Something went wrong'),
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sellerOrderQueries.all }),
  });
}

/**
 * POST /api/seller/shipments/:id/refund-sent {note} (direct payments): the nursery sent back the buyer's money for a
 * part cancelled after it was paid; the buyer is told, with the note.
 */
export function useRecordRefundSent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) =>
      apiRequest<SellerShipment>('POST', `/api/seller/shipments/${id}/refund-sent`, { note }),
    onSuccess: (refunded) => {
      showShipment(queryClient, refunded);
      toast({
        title: 'Refund recorded',
        description: `Order #${refunded.orderId}: ${refunded.buyer.username} has been told`,
      });
    },
    onError: (error) => {
      toast({
        title: 'Could not record the refund',
        description: errorMessage(error, 'Something went wrong'),
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sellerOrderQueries.all }),
  });
}

/** POST /api/seller/shipments/:id/cancel {reason}: the buyer sees the reason; the stock goes back. */
export function useCancelShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    /** `unpaid`: the buyer had not paid it, and the seller released its plants ("Release unpaid order"). */
    mutationFn: ({ id, reason }: { id: number; reason: string; unpaid?: boolean }) =>
      apiRequest<SellerShipment>('POST', `/api/seller/shipments/${id}/cancel`, { reason }),
    onSuccess: (cancelled, { unpaid }) => {
      toast(
        unpaid
          ? {
              title: 'Unpaid order released',
              description: `Order #${cancelled.orderId}: its plants are back on sale, and ${cancelled.buyer.username} has been told`,
            }
          : {
              title: 'Shipment cancelled',
              description: `Order #${cancelled.orderId}: ${cancelled.buyer.username} has been told`,
            },
      );
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
      return queryClient.invalidateQueries({ queryKey: sellerOrderQueries.all });
    },
  });
}
