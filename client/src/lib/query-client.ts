import { QueryCache, QueryClient, type Register } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Shown as a destructive toast when the query finally fails (after any retries). */
      errorToast?: { title: string; description: string };
    };
  }
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
        retry: false,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}
