import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DeferredToaster } from '@/components/ui/DeferredToaster';
import { AuthProvider } from '@/features/accounts';
import { cartQueries } from '@/features/cart';
import { ThemeProvider } from '@/features/theme';
import { AppRoutes } from './AppRoutes';
import { SiteLayout } from './layout/SiteLayout';

/** What is dropped when someone signs in: a cart still cached belongs to whoever used this browser before. */
const SIGNED_IN_USER_QUERIES = [cartQueries.all];

/** The whole app, over a query client: the browser's one, or a fresh one per server render. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider userQueries={SIGNED_IN_USER_QUERIES}>
          <SiteLayout>
            <AppRoutes />
          </SiteLayout>
          <DeferredToaster />
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
