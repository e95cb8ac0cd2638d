import { type CatalogTopic, topicOf, topicText } from '@domain/catalog/topics';
import { marketplaceHead } from '@domain/seo';
import { useRef } from 'react';
import { useDocumentTitle, usePageHead, useSiteOrigin } from '@/components/PageStatus';
import { AddToCartButton } from '@/features/cart/lazy';
import { loadVisitorPlace, shippingQueries, useDestination, useZone } from '@/features/shipping';
import type { PageLoader } from '@/lib/server-render';
import { catalogQueries } from './api';
import { CatalogBrowser } from './components/CatalogBrowser';
import { defaultFilters, type FilterChip, parseMarketplaceSearch } from './url-state';
import { useMarketplace } from './use-marketplace';

/**
 * The page's topic: one variety or one form chosen and no other filter (the buyer's own "Ships to" default aside),
 * whatever the sort and page. Such a page is the topic's own (domain/catalog/topics.ts).
 */
function topicOfChips(chips: readonly FilterChip[]): CatalogTopic | null {
  const own = chips.filter((c) => c.id !== 'shipsTo');
  const [chip] = own;
  if (own.length !== 1 || !chip) return null;
  const at = chip.id.indexOf(':');
  return at < 0 ? null : topicOf(chip.id.slice(0, at), chip.id.slice(at + 1));
}

/**
 * What the page asks for before the server renders it for a visitor (PageLoader): the place of their ZIP code, if
 * any (it sets the default "Ships to"), then the page of listings its address names and the filters' counts.
 */
export const loadMarketplacePage: PageLoader = async ({ search, zip, queryClient }) => {
  // The cards say how each variety fits the ZIP code's hardiness zone: asked with its place, as the page asks them.
  const [place] = await Promise.all([
    loadVisitorPlace(queryClient, zip),
    zip ? queryClient.prefetchQuery(shippingQueries.zone(zip)) : undefined,
  ]);
  const state = parseMarketplaceSearch(search, defaultFilters(place, null));
  await Promise.all([
    queryClient.prefetchQuery(catalogQueries.page(state)),
    queryClient.prefetchQuery(catalogQueries.facets(state.filters)),
  ]);
};

/**
 * /marketplace (docs/product.md#marketplace and #states): the whole catalog in its browser (CatalogBrowser: filters,
 * count and sort, chips, results, pages), or a variety's or a form's page when that is the one filter on. The state
 * and its actions: use-marketplace.ts.
 */
export function MarketplacePage() {
  const resultsRef = useRef<HTMLElement>(null);
  const destination = useDestination();
  // Asked before the listings, as the server's render in rounds first meets it (while the place is still unknown).
  const zone = useZone(destination.zip).data?.zone ?? null;
  const m = useMarketplace(resultsRef, destination);
  const topic = topicOfChips(m.chips);
  const text = topic ? topicText(topic) : null;
  useDocumentTitle(text ? text.heading : 'Marketplace');
  usePageHead(marketplaceHead(useSiteOrigin(), topic));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <h1 className="text-3xl sm:text-4xl">{text ? text.heading : 'Dragon Fruit Marketplace'}</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        {text ? text.intro : 'Cuttings, rooted plants, seeds and mature plants from dragon fruit growers.'}
      </p>
      <CatalogBrowser
        className="mt-8"
        m={m}
        resultsRef={resultsRef}
        zone={zone}
        productAction={(product) => <AddToCartButton product={product} />}
      />
    </div>
  );
}
