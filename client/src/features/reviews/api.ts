import type { MyReview, Review } from '@domain/reviews/responses';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiGet, apiRequest, errorMessage } from '@/lib/api';
import { catalogKeys, refreshCatalog } from '@/lib/catalog-cache';
import { useSession } from '@/lib/session';

/** A review as GET /api/products/:id/reviews lists it, newest first. */
export type ProductReview = Review;

/**
 * The reviews' queries. A listing's reviews are part of what the catalog shows of it (its rating), so their keys
 * sit under the catalog's listings key, ['catalog', 'products', 'reviews', id]: whatever refreshes the catalog
 * (an order, a cancelled order, a new review) refreshes them too, the buyer's right to review included.
 */
export const reviewQueries = {
  /** GET /api/products/:id/reviews: the listing's reviews, newest first. */
  list: (id: number) =>
    queryOptions({
      queryKey: [...catalogKeys.products, 'reviews', id] as const,
      queryFn: ({ signal }) => apiGet<ProductReview[]>(`/api/products/${id}/reviews`, { signal }),
    }),
  /** GET /api/products/:id/reviews/mine: whether the signed-in user may review it, and their review. */
  mine: (id: number) =>
    queryOptions({
      queryKey: [...catalogKeys.products, 'reviews', id, 'mine'] as const,
      queryFn: ({ signal }) =>
        apiGet<MyReview>(`/api/products/${id}/reviews/mine`, { signal, nullOn401: true }),
    }),
};

/** The product's reviews, newest first; an empty list while there are none. */
export function useProductReviews(id: number | null) {
  return useQuery({ ...reviewQueries.list(id ?? 0), enabled: id !== null });
}

/** Whether the signed-in user may review the product, and their own review; nothing is asked for visitors. */
export function useMyReview(id: number) {
  const { user } = useSession();
  return useQuery({ ...reviewQueries.mine(id), enabled: user !== null });
}

/**
 * Writes the user's review (or replaces it). Afterwards every query about products is refreshed: the reviews,
 * this product's rating, and the cards that show it, without a reload.
 */
export function useWriteReview(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rating: number; comment: string }) =>
      apiRequest<Review>('POST', `/api/products/${id}/reviews`, input),
    onSuccess: () => {
      toast({ title: 'Review saved', description: 'Thank you! Your review is now on the product page.' });
    },
    onError: (error) => {
      console.error(error);
      toast({
        title: 'Review not saved',
        description: errorMessage(error, 'Something went wrong'),
        variant: 'destructive',
      });
    },
    onSettled: () => refreshCatalog(queryClient),
  });
}
