import { breadcrumbs } from '@domain/seo';
import { useRef } from 'react';
import { useDocumentTitle, usePageHead, useSiteOrigin } from '@/components/PageStatus';
import { CatalogBrowser } from './components/CatalogBrowser';
import { useMarketplace } from './use-marketplace';

/**
 * /marketplace (docs/product.md#marketplace and #states): the whole catalog in its browser (CatalogBrowser: filters,
 * count and sort, chips, results, pages). The state and its actions: use-marketplace.ts.
 */
export function MarketplacePage() {
  useDocumentTitle('Marketplace');
  const origin = useSiteOrigin();
  // One canonical page for every filter and page of the marketplace: the listings have their own URLs.
  usePageHead({
    description:
      'Dragon fruit cuttings, rooted plants, seeds and mature plants from US nurseries, filtered by variety, form, ' +
      'price and the state they may ship to.',
    canonical: `${origin}/marketplace`,
    structuredData: [
      breadcrumbs(origin, [
        { name: 'Home', path: '/' },
        { name: 'Marketplace', path: '/marketplace' },
      ]),
    ],
  });
  const resultsRef = useRef<HTMLElement>(null);
  const m = useMarketplace(resultsRef);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <h1 className="text-3xl sm:text-4xl">Dragon Fruit Marketplace</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        Cuttings, rooted plants, seeds and mature plants from dragon fruit growers.
      </p>
      <CatalogBrowser className="mt-8" m={m} resultsRef={resultsRef} />
    </div>
  );
}
