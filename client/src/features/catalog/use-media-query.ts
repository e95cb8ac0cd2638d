import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now; re-renders when that changes. Null on the server and while the browser
 * adopts the server's HTML: the screen is not known there, so the page renders for both, and CSS picks.
 */
export function useMediaQuery(query: string): boolean | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore<boolean | null>(
    subscribe,
    () => window.matchMedia(query).matches,
    () => null,
  );
}

/** Tailwind's lg breakpoint: the filter sidebar shows from here, the Filter drawer below it. */
export const DESKTOP_QUERY = '(min-width: 1024px)';
