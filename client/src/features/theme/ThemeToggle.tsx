import { lazy, Suspense } from 'react';
import { deferredTriggerProps, useDeferredLoad } from '@/components/use-deferred-load';
import { ThemeTriggerButton } from './ThemeTriggerButton';

// The Radix menu code (about a third of the first-paint JavaScript) loads when the browser is idle.
const ThemeMenu = lazy(async () => ({ default: (await import('./ThemeMenu')).ThemeMenu }));

/** The header's theme switch (light / dark / system), a Radix dropdown labelled "Toggle theme". */
export function ThemeToggle() {
  const [state, openNow] = useDeferredLoad();
  // Until the menu code is here, the same button opens the menu as soon as it has loaded.
  const shell = <ThemeTriggerButton {...deferredTriggerProps(openNow)} />;
  if (!state) return shell;
  return (
    <Suspense fallback={shell}>
      <ThemeMenu
        defaultOpen={state === 'pointer' || state === 'keyboard'}
        focusFirstItem={state === 'keyboard'}
      />
    </Suspense>
  );
}
