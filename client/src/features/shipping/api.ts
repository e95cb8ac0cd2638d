import type { AddressFields } from '@domain/shipping/addresses';
import { ratesInDollars } from '@domain/shipping/rates';
import type {
  Address,
  HardinessZonePlace,
  MissedDestination,
  SellerProfile,
  ShippingCheck,
  ZipPlace,
} from '@domain/shipping/responses';
import type { SellerProfileFields } from '@domain/shipping/seller-profile';
import type { StateCode } from '@domain/shipping/states';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiGet, apiRequest, errorMessage, isApiError } from '@/lib/api';
import { serverFieldErrors } from '@/lib/form-errors';
import { useSession } from '@/lib/session';

/**
 * The shipping area's queries. The address book is keyed by the user's id, so a book cached for one account never
 * shows for another signed in later in the same tab; a ZIP code's place never changes, so it never goes stale.
 */
export const shippingQueries = {
  all: ['shipping'] as const,
  /** Every user's address book: what an address change refreshes. */
  addressBooks: ['shipping', 'addresses'] as const,
  /** GET /api/addresses: the user's addresses, the default first, then the newest; fetched afresh on each visit. */
  addresses: (userId: number) =>
    queryOptions({
      queryKey: [...shippingQueries.addressBooks, userId] as const,
      queryFn: async ({ signal }) => (await apiGet<Address[]>('/api/addresses', { signal })) ?? [],
      staleTime: 0,
    }),
  /** GET /api/shipping/check: whether these listings may ship to the state (ids sorted, so one cart is one key). */
  check: (state: StateCode, productIds: readonly number[]) =>
    queryOptions({
      queryKey: [...shippingQueries.all, 'check', state, [...productIds].sort((a, b) => a - b)] as const,
      queryFn: ({ signal }) =>
        apiGet<ShippingCheck[]>(
          `/api/shipping/check?state=${state}&products=${[...productIds].sort((a, b) => a - b).join(',')}`,
          { signal },
        ),
    }),
  /** GET /api/seller/profile: the seller's shipping profile, keyed by the seller's id like the address book. */
  sellerProfile: (userId: number) =>
    queryOptions({
      queryKey: [...shippingQueries.all, 'seller-profile', userId] as const,
      queryFn: ({ signal }) => apiGet<SellerProfile>('/api/seller/profile', { signal }),
    }),
  /** GET /api/seller/missed: the states the seller's plants miss for want of a certificate, with the searches. */
  sellerMissed: (userId: number) =>
    queryOptions({
      queryKey: [...shippingQueries.all, 'seller-missed', userId] as const,
      queryFn: ({ signal }) => apiGet<MissedDestination[]>('/api/seller/missed', { signal }),
    }),
  /** GET /api/zips/:zip: where a 5-digit ZIP code is; null when nobody has it (404). */
  zip: (zip: string) =>
    queryOptions({
      queryKey: [...shippingQueries.all, 'zip', zip] as const,
      queryFn: async ({ signal }): Promise<ZipPlace | null> => {
        try {
          return await apiGet<ZipPlace>(`/api/zips/${encodeURIComponent(zip)}`, { signal });
        } catch (error) {
          if (isApiError(error, 404)) return null;
          throw error;
        }
      },
    }),
  /**
   * GET /api/zones/:zip: the hardiness zone of a ZIP code's first five digits and the place it names; null when the
   * zone table has none for it (404) or the code is not one (400: a cookie written by hand).
   */
  zone: (zip: string) =>
    queryOptions({
      queryKey: [...shippingQueries.all, 'zone', zip.slice(0, 5)] as const,
      queryFn: async ({ signal }): Promise<HardinessZonePlace | null> => {
        if (!/^\d{5}/.test(zip)) return null;
        try {
          return await apiGet<HardinessZonePlace>(`/api/zones/${zip.slice(0, 5)}`, { signal });
        } catch (error) {
          if (isApiError(error, 404) || isApiError(error, 400)) return null;
          throw error;
        }
      },
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** The hardiness zone of a ZIP code, asked once it is known (`zip` null asks nothing). */
export function useZone(zip: string | null) {
  return useQuery({ ...shippingQueries.zone(zip ?? ''), enabled: zip !== null });
}

/** The signed-in user's addresses, the default first; nothing is asked for a visitor. */
export function useAddresses() {
  const { user } = useSession();
  return useQuery({ ...shippingQueries.addresses(user?.id ?? 0), enabled: user !== null });
}

/** The place of a 5-digit ZIP code, asked once the code is complete (`zip` null asks nothing). */
export function useZipPlace(zip: string | null) {
  return useQuery({ ...shippingQueries.zip(zip ?? ''), enabled: zip !== null });
}

/** The shipping rules' answers for these listings and that state, asked once both are known. */
export function useShippingChecks(state: StateCode | null, productIds: readonly number[]) {
  return useQuery({
    ...shippingQueries.check(state ?? 'FL', productIds),
    enabled: state !== null && productIds.length > 0,
  });
}

/** The signed-in seller's shipping profile; nothing is asked for anyone else. */
export function useSellerProfile() {
  const { user } = useSession();
  return useQuery({ ...shippingQueries.sellerProfile(user?.id ?? 0), enabled: user?.isSeller === true });
}

/** The states the signed-in seller's plants miss for want of a certificate; nothing is asked for anyone else. */
export function useSellerMissed() {
  const { user } = useSession();
  return useQuery({ ...shippingQueries.sellerMissed(user?.id ?? 0), enabled: user?.isSeller === true });
}

/**
 * PUT /api/seller/profile: "Shipping profile saved". Refusals on fields (an expired certificate, say) are the
 * form's; any other failure is a toast. What buyers are told about this seller's listings changes with it.
 */
export function useSaveSellerProfile() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    // The rates as the API takes them, in dollars (the form's schema reads them into cents).
    mutationFn: ({ shippingRates, ...profile }: SellerProfileFields) =>
      apiRequest<SellerProfile>('PUT', '/api/seller/profile', {
        ...profile,
        ...(shippingRates ? { shippingRates: ratesInDollars(shippingRates) } : {}),
      }),
    onSuccess: (profile) => {
      queryClient.setQueryData(shippingQueries.sellerProfile(user?.id ?? 0).queryKey, profile);
      void queryClient.invalidateQueries({ queryKey: [...shippingQueries.all, 'check'] });
      void queryClient.invalidateQueries({ queryKey: [...shippingQueries.all, 'seller-missed'] });
      toast({ title: 'Shipping profile saved', description: 'Buyers see where your plants can go' });
    },
    onError: (error) => {
      if (!hasFieldErrors(error)) toastFailure('Could not save the shipping profile', error);
    },
  });
}

/** An address as POST and PUT take it. */
export type AddressPayload = AddressFields;

function toastFailure(title: string, error: unknown) {
  toast({ title, description: errorMessage(error, 'Something went wrong'), variant: 'destructive' });
}

/** After any address change: every cached address book is fetched again. */
function useRefreshAddresses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: shippingQueries.addressBooks });
}

/**
 * POST /api/addresses: "Address added". A refusal on a field (a ZIP code of another state, say) is left to the
 * form, which shows it on the field; any other failure is a toast.
 */
export function useCreateAddress() {
  const refresh = useRefreshAddresses();
  return useMutation({
    mutationFn: (address: AddressPayload) => apiRequest<Address>('POST', '/api/addresses', address),
    onSuccess: () => toast({ title: 'Address added', description: 'It is in your address book' }),
    onError: (error) => {
      if (!hasFieldErrors(error)) toastFailure('Could not add the address', error);
    },
    onSettled: refresh,
  });
}

/** PUT /api/addresses/:id: "Address saved"; field refusals are the form's, like on create. */
export function useUpdateAddress() {
  const refresh = useRefreshAddresses();
  return useMutation({
    mutationFn: ({ id, address }: { id: number; address: AddressPayload }) =>
      apiRequest<Address>('PUT', `/api/addresses/${id}`, address),
    onSuccess: () => toast({ title: 'Address saved', description: 'Your changes are saved' }),
    onError: (error) => {
      if (!hasFieldErrors(error)) toastFailure('Could not save the address', error);
    },
    onSettled: refresh,
  });
}

/** Makes an address the default: PUT with its own fields and isDefault true. */
export function useMakeDefaultAddress() {
  const refresh = useRefreshAddresses();
  return useMutation({
    mutationFn: ({ id, isDefault: _, ...fields }: Address) =>
      apiRequest<Address>('PUT', `/api/addresses/${id}`, { ...fields, isDefault: true }),
    onSuccess: (address) =>
      toast({
        title: 'Default address changed',
        description: `Orders now ship to ${address.name} by default`,
      }),
    onError: (error) => toastFailure('Could not change the default address', error),
    onSettled: refresh,
  });
}

/** DELETE /api/addresses/:id: "Address deleted". */
export function useDeleteAddress() {
  const refresh = useRefreshAddresses();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/addresses/${id}`),
    onSuccess: () => toast({ title: 'Address deleted', description: 'It is no longer in your address book' }),
    onError: (error) => toastFailure('Could not delete the address', error),
    onSettled: refresh,
  });
}

function hasFieldErrors(error: unknown): boolean {
  return isApiError(error, 400) && Object.keys(serverFieldErrors(error)).length > 0;
}
