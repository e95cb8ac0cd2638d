import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '@/components/use-deferred-load';
import { useToast } from './use-toast';

const Toaster = lazy(async () => ({ default: (await import('./Toaster')).Toaster }));

/** The Toaster, loaded when the browser is idle after first paint, or at once for the first toast. */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  useEffect(() => whenIdle(() => setWanted(true)), []);
  if (!wanted && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
