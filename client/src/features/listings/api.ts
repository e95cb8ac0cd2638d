import type { Photo, Product, ProductDetail } from '@domain/catalog/responses';
import type { ListingRemoval } from '@domain/listings/responses';
import type { Listing } from '@domain/listings/schemas';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiGet, apiRequest, errorMessage } from '@/lib/api';
import { refreshCatalog } from '@/lib/catalog-cache';
import { useSession } from '@/lib/session';

/**
 * The seller's queries. Each key carries the seller's id, so a cached list never shows for another account
 * signed in later in the same tab; invalidating `all` refreshes them all.
 */
export const listingQueries = {
  all: ['listings'] as const,
  /** GET /api/seller/products: the signed-in seller's listings, newest first. */
  ofSeller: (sellerId: number) =>
    queryOptions({
      queryKey: [...listingQueries.all, sellerId] as const,
      queryFn: async ({ signal }) => (await apiGet<Product[]>('/api/seller/products', { signal })) ?? [],
      staleTime: 0,
    }),
  /** A listing's photos, in the seller's order, from GET /api/products/:id (the seller's list carries only covers). */
  photos: (productId: number) =>
    queryOptions({
      queryKey: [...listingQueries.all, 'photos', productId] as const,
      queryFn: async ({ signal }): Promise<Photo[]> =>
        (await apiGet<ProductDetail>(`/api/products/${productId}`, { signal }))?.photos ?? [],
      staleTime: 0,
    }),
};

/** A listing as POST /api/products and PUT /api/products/:id take it; the server ignores sellerId. */
export type ListingPayload = Listing & { sellerId: 0 };

/**
 * GET /api/seller/products: the signed-in seller's listings, newest first. Asked only for a signed-in seller
 * (docs/product.md#roles). Fetched afresh on each visit: buyers' orders change the stock while the seller is away.
 */
export function useSellerProducts() {
  const { user } = useSession();
  const sellerId = user?.isSeller ? user.id : null;
  return useQuery({ ...listingQueries.ofSeller(sellerId ?? 0), enabled: sellerId !== null });
}

/** After a listing changes: the seller's list and every marketplace query (docs/product.md#calls). */
export function refreshListings(queryClient: QueryClient) {
  void refreshCatalog(queryClient);
  return queryClient.invalidateQueries({ queryKey: listingQueries.all });
}

function toastFailure(title: string, error: unknown) {
  toast({ title, description: errorMessage(error, 'An error occurred'), variant: 'destructive' });
}

/**
 * POST /api/products, or "Failed to add product" (docs/product.md#errors); "Product added" is said by the form once
 * the listing's photos are up (use-listing-submit.ts).
 */
export function useCreateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listing: ListingPayload) => apiRequest<Product>('POST', '/api/products', listing),
    onError: (error) => toastFailure('Failed to add product', error),
    onSettled: () => refreshListings(queryClient),
  });
}

/** PUT /api/products/:id: "Product updated" or "Failed to update product". */
export function useUpdateListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, listing }: { id: number; listing: ListingPayload }) =>
      apiRequest<Product>('PUT', `/api/products/${id}`, listing),
    onSuccess: () => {
      toast({ title: 'Product updated', description: 'Your product has been updated successfully' });
    },
    onError: (error) => toastFailure('Failed to update product', error),
    onSettled: () => refreshListings(queryClient),
  });
}

/**
 * DELETE /api/products/:id: "Product deleted" or "Failed to delete product". A listing that was ever ordered
 * is archived rather than deleted (docs/product.md#states), and the toast says where it went.
 */
export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<ListingRemoval>('DELETE', `/api/products/${id}`),
    onSuccess: (result) => {
      toast({
        title: 'Product deleted',
        description: result?.archived
          ? 'Your product has been removed from the marketplace and kept in your order history'
          : 'Your product has been deleted successfully',
      });
    },
    onError: (error) => {
      console.error('Failed to delete product', error);
      toastFailure('Failed to delete product', error);
    },
    // Not awaited: the dialog closes at once and the row goes when the list comes back.
    onSettled: () => {
      void refreshListings(queryClient);
    },
  });
}
