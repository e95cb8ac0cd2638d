import type { PageHead } from '@domain/seo';
import { useEffect } from 'react';
import { useServerRender } from '@/lib/server-render';

/** Shown while a page's code or the session is loading. */
export function PageLoading() {
  return (
    <div className="mx-auto flex min-h-[40vh] max-w-7xl items-center justify-center px-4">
      <p role="status" className="text-muted-foreground">
        Loading...
      </p>
    </div>
  );
}

/** Sets the browser tab's title for the current page. */
export function useDocumentTitle(title: string): void {
  const fullTitle = title ? `${title} | Dragon Fruit Marketplace` : 'Dragon Fruit Marketplace';
  const server = useServerRender();
  if (server) server.title = fullTitle;
  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);
}

/**
 * Says that the page shows "not found" for its address (an unknown listing or nursery): a server render answers it
 * with status 404, so search engines drop the address rather than index an error page.
 */
export function useNotFoundStatus(): void {
  const server = useServerRender();
  if (server) server.notFound = true;
}

/** The site's origin: the server's in a server render, else the browser's. */
export function useSiteOrigin(): string {
  const server = useServerRender();
  return server?.origin ?? (typeof window === 'undefined' ? '' : window.location.origin);
}

/**
 * Tells search engines and link previews about the page: written into the server-rendered HTML's head (description,
 * canonical URL, Open Graph and Twitter tags, JSON-LD). In the browser only the description follows the page.
 */
export function usePageHead(head: PageHead | null): void {
  const server = useServerRender();
  if (server && head) server.head = head;
  const description = head?.description;
  useEffect(() => {
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);
}
