import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RenderedPage, type RenderRequest, render } from '../../client/src/entry-server';
import { createTestApp, type TestApp } from '../support/app';
import { createListing, signUpNursery } from '../support/fixtures';

// The server renderer itself (client/src/entry-server.tsx), its API calls answered in-process as
// server/src/plugins/client.ts answers them: a visitor's page with a loader is rendered once, and is the same page
// as rendered in rounds (docs/decisions/0042-pages-rendered-once.md).
let t: TestApp;
let productId: number;
let username: string;
let emptyShop: string;
beforeAll(async () => {
  t = await createTestApp();
  const nursery = await signUpNursery(t);
  username = nursery.username;
  const listing = await createListing(nursery.client, {
    title: 'Sugar Dragon cutting',
    variety: 'Sugar Dragon',
  });
  productId = listing.id;
  // Related listings for the product page to show: the same variety first, then the same form.
  await createListing(nursery.client, { title: 'Another Sugar Dragon', variety: 'Sugar Dragon' });
  await createListing(nursery.client, { title: 'A Dark Star', variety: 'Dark Star' });
  emptyShop = (await signUpNursery(t)).username;
});
afterAll(async () => {
  await t?.close();
});

/** Renders `url` with its API calls answered by the app in-process; `calls` lists them in order. */
async function renderPage(
  url: string,
  options: Partial<Pick<RenderRequest, 'zip' | 'mayHaveSession' | 'loaders'>> = {},
): Promise<{ page: RenderedPage | null; calls: string[] }> {
  const calls: string[] = [];
  const page = await render({
    url,
    mayHaveSession: false,
    origin: 'http://localhost',
    ...options,
    api: async (apiUrl, init) => {
      if (init.method && init.method !== 'GET') throw new Error(`A page render may only read: ${apiUrl}`);
      calls.push(apiUrl);
      const res = await t.server.inject({
        method: 'GET',
        url: apiUrl,
        headers: { accept: 'application/json' },
      });
      const headers = new Headers();
      for (const [name, value] of Object.entries(res.headers))
        for (const v of [value ?? []].flat()) headers.append(name, String(v));
      return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers });
    },
  });
  return { page, calls };
}

/** The page as sent, but for the times its queries were answered (they differ between two renders). */
function sent(page: RenderedPage | null) {
  if (!page) return null;
  const { renders: _renders, state, ...rest } = page;
  return {
    ...rest,
    state: JSON.parse(
      JSON.stringify(state).replace(/"(dataUpdatedAt|dehydratedAt|errorUpdatedAt)":\d+/g, '"$1":0'),
    ),
  };
}

describe("a visitor's page with a loader", () => {
  const pages: [string, () => string, number][] = [
    ['a product page', () => `/product/${productId}`, 3],
    ['a product page on its reviews tab', () => `/product/${productId}?tab=reviews`, 3],
    ['an unknown listing (404)', () => '/product/999999999', 2],
    ['the marketplace', () => '/marketplace', 2],
    [
      'the marketplace with a filter and a sort',
      () => '/marketplace?variety=Sugar%20Dragon&sort=price-low-high',
      2,
    ],
    ['a storefront', () => `/sellers/${username}`, 3],
    ['a storefront with nothing for sale', () => `/sellers/${emptyShop}`, 2],
    ['an unknown storefront (404)', () => '/sellers/nobody_at_all', 2],
  ];

  it.each(pages)('%s is rendered once, the same page as rendered in rounds', async (_name, url, rounds) => {
    const once = await renderPage(url());
    const inRounds = await renderPage(url(), { loaders: false });
    expect(inRounds.page?.renders).toBe(rounds);
    expect(once.page?.renders).toBe(1);
    expect(sent(once.page)).toEqual(sent(inRounds.page));
    expect(once.calls.toSorted()).toEqual(inRounds.calls.toSorted());
  });

  // A ZIP code of Florida (the place sets the marketplace's default "Ships to", the product page checks delivery),
  // and one that names no place.
  it.each(pages.flatMap(([name, url]) => ['33101', '00000'].map((zip) => [name, zip, url] as const)))(
    '%s for a visitor with ZIP code %s is rendered once, the same page as rendered in rounds',
    async (_name, zip, url) => {
      const once = await renderPage(url(), { zip });
      const inRounds = await renderPage(url(), { zip, loaders: false });
      expect(once.page?.renders).toBe(1);
      expect(sent(once.page)).toEqual(sent(inRounds.page));
      expect(once.calls.toSorted()).toEqual(inRounds.calls.toSorted());
    },
  );

  it('shows what its data says: the listing and its related listings, in the state sent with it', async () => {
    const { page } = await renderPage(`/product/${productId}`);
    expect(page?.status).toBe(200);
    expect(page?.title).toBe('Sugar Dragon cutting | Dragon Fruit Marketplace');
    const html = page?.html ?? '';
    expect(html.indexOf('Another Sugar Dragon')).toBeGreaterThan(0);
    expect(html.indexOf('A Dark Star')).toBeGreaterThan(html.indexOf('Another Sugar Dragon'));
    const { queries } = (page?.state ?? { queries: [] }) as {
      queries: { queryKey: unknown[]; state: { status: string } }[];
    };
    expect(queries.map((q) => [q.queryKey, q.state.status])).toEqual([
      [['accounts', 'me'], 'success'],
      [['catalog', 'products', 'detail', productId], 'success'],
      [['catalog', 'products', 'reviews', productId], 'success'],
      [['catalog', 'products', 'related', productId], 'success'],
    ]);
  });

  it('asks where a visitor with a ZIP code is, and whether the listing may ship there', async () => {
    const { calls } = await renderPage(`/product/${productId}`, { zip: '33101' });
    expect(calls).toContain('/api/zips/33101');
    expect(calls).toContain(`/api/shipping/check?state=FL&products=${productId}`);
  });

  it('is rendered in rounds for a request that may have a session: what it reads depends on who is signed in', async () => {
    const signedIn = await renderPage('/marketplace', { mayHaveSession: true });
    expect(signedIn.page?.renders).toBeGreaterThan(1);
    expect(signedIn.calls[0]).toBe('/api/auth/me');
  });

  it('a page without a loader renders as before', async () => {
    const { page, calls } = await renderPage('/guides');
    expect(page?.renders).toBe(1);
    expect(calls).toEqual([]);
  });
});
