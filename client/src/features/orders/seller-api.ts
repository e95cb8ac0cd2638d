import type { SellerOrderLine } from '@domain/orders/types';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/features/accounts';
import { apiGet, apiRequest, errorMessage } from '@/lib/api';

/**
 * The seller's order lines. Each key carries the seller's id, so a cached list never shows for another account
 * signed in later in the same tab; invalidating the prefix refreshes them all.
 */
export const sellerOrderQueries = {
  all: ['orders', 'seller'] as const,
  /** GET /api/seller/orders: the lines of the seller's listings that buyers ordered, newest order first. */
  ofSeller: (sellerId: number) =>
    queryOptions({
      queryKey: [...sellerOrderQueries.all, sellerId] as const,
      queryFn: async ({ signal }) =>
        (await apiGet<SellerOrderLine[]>('/api/seller/orders', { signal })) ?? [],
      staleTime: 0,
    }),
};

/** GET /api/seller/orders: the lines of the seller's listings that buyers ordered, newest order first. */
export function useSellerOrders() {
  const { user } = useAuth();
  const sellerId = user?.isSeller ? user.id : null;
  return useQuery({ ...sellerOrderQueries.ofSeller(sellerId ?? 0), enabled: sellerId !== null });
}

/**
 * PATCH /api/seller/orders/:orderId/items/:itemId {status: "shipped"}: the shipped line is shown at once,
 * "Marked as shipped" on success, the server's message on failure (a cancelled order, say).
 */
export function useShipOrderLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (line: Pick<SellerOrderLine, 'orderId' | 'itemId'>) =>
      apiRequest<SellerOrderLine>('PATCH', `/api/seller/orders/${line.orderId}/items/${line.itemId}`, {
        status: 'shipped',
      }),
    onSuccess: (shipped) => {
      queryClient.setQueriesData<SellerOrderLine[]>({ queryKey: sellerOrderQueries.all }, (lines) =>
        lines?.map((l) => (l.orderId === shipped.orderId && l.itemId === shipped.itemId ? shipped : l)),
      );
      toast({ title: 'Marked as shipped', description: `${shipped.title} for ${shipped.buyer.username}` });
    },
    onError: (error) => {
      toast({
        title: 'Could not mark as shipped',
        description: errorMessage(error, 'An error occurred'),
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sellerOrderQueries.all }),
  });
}
