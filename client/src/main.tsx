import '@fontsource-variable/inter';
import '@fontsource/fraunces/600.css';
import './styles.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPage } from './app/AppRoutes';
import { toast } from './components/ui/use-toast';
import { createQueryClient } from './lib/query-client';
import { cn } from './lib/utils';

// Zod checks whether it may compile validators with new Function(); the CSP says no, and the refused check is
// reported as a violation on every page that validates. Tell it at once instead, through the global config object
// zod reads (set here, zod itself stays out of this first bundle).
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

// A query's errorToast is shown as a destructive toast when the query finally fails (after any retries).
const queryClient = createQueryClient({
  showErrorToast: (errorToast) => toast({ ...errorToast, variant: 'destructive' }),
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

// A page the server rendered comes with the data it was rendered from: the browser starts from the same data and
// the same page code, and adopts the HTML as it is. As a transition, the adoption yields to the browser every few
// milliseconds instead of holding the main thread (the page is already painted and readable meanwhile).
const serverData = document.getElementById('server-data');
if (serverData?.textContent) {
  hydrate(queryClient, JSON.parse(serverData.textContent));
  const loaded = preloadPage(window.location.pathname);
  // While the page's code downloads, and after the first frame, the one-time costs its first render would pay, each
  // in a short task of its own: the browser's Intl data (about 10 ms the first time a price, count or date is
  // formatted) and tailwind-merge's class tables. Paid inside the page's module evaluation or a slice of the
  // adoption instead, they lengthen a long task (docs/performance.md#lighthouse).
  requestAnimationFrame(() => {
    setTimeout(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(0));
    setTimeout(() => cn('px-1', 'px-2'));
  });
  loaded.then(
    // A task of its own: the page's modules were evaluated in the one that resolved the import.
    () => setTimeout(() => startTransition(() => void hydrateRoot(root, app))),
    () => createRoot(root).render(app),
  );
} else {
  createRoot(root).render(app);
}
