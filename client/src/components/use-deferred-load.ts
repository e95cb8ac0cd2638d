import { type KeyboardEvent, useCallback, useEffect, useState } from 'react';

/**
 * For a heavy widget kept out of the first-paint bundle: false until the browser is idle after the
 * first render ('idle': load it quietly), or 'pointer' / 'keyboard' when the user reaches for it
 * first (open it as soon as it has loaded; from the keyboard, focus its first item).
 */
export type DeferredState = false | 'idle' | 'pointer' | 'keyboard';

export function useDeferredLoad(): [state: DeferredState, openNow: (how: 'pointer' | 'keyboard') => void] {
  const [state, setState] = useState<DeferredState>(false);
  useEffect(() => whenIdle(() => setState((s) => s || 'idle')), []);
  const openNow = useCallback((how: 'pointer' | 'keyboard') => setState(how), []);
  return [state, openNow];
}

/** Props for a menu button shown before its menu code has loaded: the first use opens the menu. */
export function deferredTriggerProps(openNow: (how: 'pointer' | 'keyboard') => void) {
  return {
    'aria-expanded': false,
    onPointerDown: () => openNow('pointer'),
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (!MENU_OPEN_KEYS.has(event.key)) return;
      event.preventDefault();
      openNow('keyboard');
    },
  } as const;
}

/** Runs `fn` when the browser is idle (at most 2 s later); returns a cancel function. */
export function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 200);
  return () => window.clearTimeout(id);
}

/** Keys that open a menu button (WAI-ARIA menu button pattern, as Radix does). */
export const MENU_OPEN_KEYS: ReadonlySet<string> = new Set(['Enter', ' ', 'ArrowDown']);
