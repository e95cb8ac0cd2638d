import { QueryClientProvider } from '@tanstack/react-query';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { AuthProvider } from '@/features/auth';
import { ThemeProvider } from '@/features/theme';
import { queryClient } from '@/lib/queryClient';
import { SiteLayout } from './layout/SiteLayout';
import { AppRoutes } from './routes';

export function App() {
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
