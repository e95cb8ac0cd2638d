// The server's renderer (built by `vite build --ssr` into dist/ssr): renders a public page to HTML with the data
// its queries ask for, so the browser paints the page before any JavaScript has run, then adopts it (main.tsx).
import { AsyncLocalStorage } from 'node:async_hooks';
import { POSTED_FORM_KEY, type PostedForm } from '@domain/posted-form';
import type { PageHead } from '@domain/seo';
import { dehydrate, type Query, type QueryClient, type QueryState } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './app/App';
import { pageLoader, preloadPage } from './app/AppRoutes';
import { setApiTransport } from './lib/api';
import { createQueryClient } from './lib/query-client';
import { type ServerRender, ServerRenderContext } from './lib/server-render';

/** How a render reaches the API: the server answers in-process, with the request's cookie. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

const transports = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const transport = transports.getStore();
  if (!transport) return Promise.reject(new Error(`API call outside a server render: ${url}`));
  return transport(url, init);
});

export interface RenderRequest {
  /** The page's path and query string, e.g. "/marketplace?variety=Sugar%20Dragon". */
  url: string;
  /** The request carried a session cookie or the signed_in hint: the render asks who is signed in. */
  mayHaveSession: boolean;
  /** The visitor's ZIP code (the ship_zip cookie), or null. */
  zip?: string | null;
  /** The site's origin, for the absolute URLs a page gives search engines (its canonical URL, its picture). */
  origin?: string;
  /** A form the page sent as a plain post that the server refused: the page shows it again, with its messages. */
  posted?: PostedForm;
  api: ApiTransport;
  /**
   * False renders the page in rounds even when it has a loader, as a page without one is (the tests compare the two
   * ways); true when absent.
   */
  loaders?: boolean;
}

export interface RenderedPage {
  status: 200 | 404;
  /** Where the page sends the visitor instead (a signed-in user opening /login, say): answer with a redirect. */
  redirectTo?: string;
  /** The title for <title>, not escaped. */
  title: string;
  /** What the page tells search engines and link previews (usePageHead), not escaped. */
  head?: PageHead;
  /** The markup for #root. */
  html: string;
  /** The query cache the page was rendered from (JSON), for the browser to start from. */
  state: unknown;
  /** How many times the tree was rendered: 1 when the page's loader read everything it asks for. */
  renders: number;
}

/**
 * A page without a loader, or one its loader missed, renders in rounds: a page may ask for more once the first
 * answers are in (the user's own review).
 */
const MAX_ROUNDS = 3;

function wantsData(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  const isEnabled = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return isEnabled && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
}

/**
 * Gives `queryClient` the answers `loaded` holds, each as the render first asks for it: the query is made then, as it
 * would have been, with the loaded state, so the cache (and the state sent with the page) holds the page's queries
 * in the order the page asks for them, and none the page did not ask for.
 */
function seedFrom(queryClient: QueryClient, loaded: QueryClient): void {
  const cache = queryClient.getQueryCache();
  const build = cache.build.bind(cache) as (
    client: QueryClient,
    options: { queryHash?: string },
    state?: QueryState,
  ) => Query;
  cache.build = ((client: QueryClient, options: { queryHash?: string }, state?: QueryState) => {
    const hash = options.queryHash;
    return build(client, options, state ?? (hash ? loaded.getQueryCache().get(hash)?.state : undefined));
  }) as typeof cache.build;
}

/**
 * Renders the page at `url`, or answers null when the browser should render it alone: a page for signed-in users
 * only, or one whose data could not be loaded (the browser shows its own error or not-found state).
 */
export async function render({
  url,
  mayHaveSession,
  zip = null,
  origin,
  posted,
  api,
  loaders = true,
}: RenderRequest): Promise<RenderedPage | null> {
  const [pathname = '/', search = ''] = url.split('?', 2);
  const kind = await preloadPage(pathname);
  if (kind === 'guarded') return null;

  const queryClient = createQueryClient();
  // A visitor's page with a loader: its data is read first, and the page is rendered once
  // (docs/decisions/0042-pages-rendered-once.md). A page for a request that may have a session, or with a refused
  // form, renders in rounds as before: what it reads depends on who is signed in.
  const loader = loaders && !mayHaveSession && !posted ? pageLoader(pathname) : undefined;
  const loaded = loader ? createQueryClient() : undefined;
  if (loader && loaded) {
    await transports.run(api, () => loader.load({ params: loader.params, search, zip, queryClient: loaded }));
    seedFrom(queryClient, loaded);
  }
  // In the cache, so it goes to the browser with the page's data and the page is adopted showing the same.
  if (posted) queryClient.setQueryData(POSTED_FORM_KEY, posted);
  const server: ServerRender = { mayHaveSession, zip, origin };
  const ssrContext: { redirectTo?: string } = {};
  let renders = 0;
  const renderOnce = () => {
    renders++;
    return renderToString(
      <ServerRenderContext.Provider value={server}>
        <Router ssrPath={pathname} ssrSearch={search} ssrContext={ssrContext}>
          <App queryClient={queryClient} />
        </Router>
      </ServerRenderContext.Provider>,
    );
  };

  let html = renderOnce();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const wanted = queryClient.getQueryCache().getAll().filter(wantsData);
    if (wanted.length === 0) break;
    await transports.run(api, () => Promise.all(wanted.map((query) => query.fetch().catch(() => undefined))));
    html = renderOnce();
  }
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((query) => query.state.status === 'error')
  )
    return null;

  const state = dehydrate(queryClient);
  queryClient.clear();
  loaded?.clear();
  return {
    status: kind === 'not-found' || server.notFound ? 404 : 200,
    redirectTo: ssrContext.redirectTo,
    title: server.title ?? 'Dragon Fruit Marketplace',
    head: server.head,
    html,
    state,
    renders,
  };
}
