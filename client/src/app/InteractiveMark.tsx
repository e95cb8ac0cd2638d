import { useEffect } from 'react';

/**
 * Marks the document `<html data-hydrated>` once the page can be used: its effect runs after the browser has
 * adopted the server's HTML (hydrateRoot) or rendered the page itself (createRoot), never on the server, so the
 * mark is not in the server's HTML and cannot cause a mismatch (React does not own `<html>`). It sits inside the
 * pages' Suspense boundary: React adopts a server-rendered boundary in a later pass than the header around it, so
 * a mark set by the root would come before the page itself is adopted. The end-to-end tests wait for it after
 * every page load before they click (test/e2e/support.ts): a click on the server's HTML before the browser has
 * taken it over does nothing.
 */
export function InteractiveMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}
