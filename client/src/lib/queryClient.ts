import { QueryCache, QueryClient, type QueryFunction, type Register } from '@tanstack/react-query';
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

/** A query's errorToast, as the app shows it. */
export type ErrorToast = NonNullable<Register['queryMeta']['errorToast']>;

/**
 * The spec's defaults: no retry, no refetch on focus or interval, data never stale (docs/product.md#calls). When a
 * query with an errorToast fails, `showErrorToast` shows it: the browser's entry passes the toaster's (lib/ knows
 * no components, docs/architecture.md#import-rules); a server render passes none (it falls back to the browser).
 */
export function createQueryClient({
  showErrorToast,
}: {
  showErrorToast?: (errorToast: ErrorToast) => void;
} = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (_error, query) => {
        const errorToast = query.meta?.errorToast;
        if (errorToast) showErrorToast?.(errorToast);
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
