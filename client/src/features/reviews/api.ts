import type { MyReview, Review } from '@domain/reviews/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/features/accounts';
import { apiGet, apiRequest, errorMessage } from '@/lib/api';
import { refreshCatalog } from '@/lib/catalog-cache';

/** A review as GET /api/products/:id/reviews lists it, newest first. */
export type ProductReview = Review;

/** Under the same '/api/products' prefix as the catalog queries, so a product refresh covers them too. */
export const reviewKeys = {
  reviews: (id: number) => ['/api/products', id, 'reviews'] as const,
  mine: (id: number) => ['/api/products', id, 'reviews', 'mine'] as const,
};

/** The product's reviews, newest first; an empty list while there are none. */
export function useProductReviews(id: number | null) {
  return useQuery({
    queryKey: reviewKeys.reviews(id ?? 0),
    queryFn: ({ signal }) => apiGet<ProductReview[]>(`/api/products/${id}/reviews`, { signal }),
    enabled: id !== null,
  });
}

/** Whether the signed-in user may review the product, and their own review; nothing is asked for visitors. */
export function useMyReview(id: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: reviewKeys.mine(id),
    queryFn: ({ signal }) =>
      apiGet<MyReview>(`/api/products/${id}/reviews/mine`, { signal, nullOn401: true }),
    enabled: user !== null,
  });
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
