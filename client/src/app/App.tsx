import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { AuthProvider } from '@/features/accounts';
import { ThemeProvider } from '@/features/theme';
import { SiteLayout } from './layout/SiteLayout';
import { AppRoutes } from './routes';

/** The whole app, over a query client: the browser's one, or a fresh one per server render. */
export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          <SiteLayout>
            <AppRoutes />
          </SiteLayout>
          <DeferredToaster />
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
