import type { PayoutAccountView } from '@domain/payments/responses';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiGet, apiRequest, errorMessage } from '@/lib/api';
import { useSession } from '@/lib/session';

/** The payments area's queries: the nursery's payout account, keyed by its id like its shipping profile. */
export const paymentQueries = {
  all: ['payments'] as const,
  /**
   * GET /api/seller/payout-account: who takes buyers' money and what that provider lets the pages show (its
   * capabilities), and, with a payout account to connect (Stripe), where the nursery's account stands (the server
   * asks the provider afresh each time): fetched afresh on each visit, as a nursery comes back from its onboarding.
   */
  payoutAccount: (userId: number) =>
    queryOptions({
      queryKey: [...paymentQueries.all, 'payout-account', userId] as const,
      queryFn: ({ signal }) => apiGet<PayoutAccountView>('/api/seller/payout-account', { signal }),
      staleTime: 0,
    }),
};

/** The signed-in nursery's payout account. */
export function usePayoutAccount() {
  const { user } = useSession();
  return useQuery({ ...paymentQueries.payoutAccount(user?.id ?? 0), enabled: user !== null });
}

/**
 * "Connect with Stripe" (POST /api/seller/payout-account): a fresh link to the payout provider's onboarding, named
 * `provider`, where the browser goes; the provider brings the nursery back to its profile. A failure (the provider
 * not answering: 503) toasts the server's message.
 */
export function useConnectPayoutAccount(provider: string) {
  return useMutation({
    mutationFn: () => apiRequest<{ url: string }>('POST', '/api/seller/payout-account', {}),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => {
      toast({
        title: `Could not open ${provider}`,
        description: errorMessage(error, 'Something went wrong'),
        variant: 'destructive',
      });
    },
  });
}
