import type { PageHead } from '@domain/seo';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * What a page rendered on the server learns from the request, and tells back to it. Present only in a server
 * render: in the browser the context is null and pages read the document instead.
 */
export interface ServerRender {
  /** The request may have a session: the session is asked for (the browser reads the signed_in cookie instead). */
  mayHaveSession: boolean;
  /** The ZIP code a visitor typed (the ship_zip cookie), so the page renders for that place as the browser will. */
  zip?: string | null;
  /** The page's title, set by useDocumentTitle while rendering, for the <title> of the HTML. */
  title?: string;
  /** The site's origin (PUBLIC_ORIGIN, else the request's), for the absolute URLs a page gives search engines. */
  origin?: string;
  /** What the page tells search engines and link previews, set by usePageHead while rendering. */
  head?: PageHead;
  /**
   * Set by a page showing that what its address names does not exist (useNotFoundStatus, from a query that answers
   * null on a 404): the server answers 404 with the page as rendered.
   */
  notFound?: boolean;
}

/**
 * What a page's loader is given on the server: the route's parameters as the router matches them, the address's
 * query string, and a query client to fetch into (docs/decisions/0042-pages-rendered-once.md).
 */
export interface PageLoadContext {
  params: Readonly<Record<string, string | undefined>>;
  /** The query string without "?", as the router's useSearch gives it in a server render. */
  search: string;
  /** The visitor's ZIP code (the ship_zip cookie), or null: where they are decides a page's default filter. */
  zip: string | null;
  queryClient: QueryClient;
}

/**
 * A page's loader: fetches, before the page is rendered, the queries its render will ask for, so the server renders
 * it once. Given only for a visitor with no session: what the page reads depends on its address and the ZIP code.
 * A query it misses is fetched the old way (the page is rendered again); one it fetches that the page does not ask
 * for is dropped.
 */
export type PageLoader = (context: PageLoadContext) => Promise<void>;

export const ServerRenderContext = createContext<ServerRender | null>(null);

export function useServerRender(): ServerRender | null {
  return useContext(ServerRenderContext);
}

const noSubscription = () => () => {};

/**
 * False in a server render and while the browser adopts (hydrates) the server's HTML, true from then on. What
 * depends on the browser alone (its time zone, its screen width) renders the server's way first, so the HTML is
 * adopted without a mismatch, and then the browser's way.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
