import { useEffect } from 'react';

// wouter announces its own navigations with these events (it patches pushState and replaceState).
const NAVIGATION_EVENTS = ['popstate', 'pushState', 'replaceState', 'hashchange'] as const;

/**
 * Scrolls to the element the URL's #hash names and moves focus there, on arrival and on every later
 * navigation (a footer link followed while already on the page only changes the hash).
 */
export function useHashScroll(): void {
  useEffect(() => {
    const go = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      const target = id ? document.getElementById(id) : null;
      if (!target) return;
      target.scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: true });
    };
    // After the current render and any navigation that triggered it.
    const schedule = () => requestAnimationFrame(go);
    schedule();
    for (const event of NAVIGATION_EVENTS) window.addEventListener(event, schedule);
    return () => {
      for (const event of NAVIGATION_EVENTS) window.removeEventListener(event, schedule);
    };
  }, []);
}
