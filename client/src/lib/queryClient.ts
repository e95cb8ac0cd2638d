import { QueryCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiGet } from './api';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Shown as a destructive toast when the query finally fails (after any retries). */
      errorToast?: { title: string; description: string };
    };
  }
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** A query function that GETs the query key's first part as the URL. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const data = await apiGet<T>(String(queryKey[0]), { nullOn401: on401 === 'returnNull', signal });
    return data as T;
  };
}

/**
 * The spec's defaults: no retry, no refetch on focus or interval, data never stale (docs/product.md#calls). In the
 * browser a query's errorToast is shown when it fails; a server render shows none (it falls back to the browser).
 */
export function createQueryClient({ toasts = true }: { toasts?: boolean } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (_error, query) => {
        const errorToast = query.meta?.errorToast;
        if (errorToast && toasts) toast({ ...errorToast, variant: 'destructive' });
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
