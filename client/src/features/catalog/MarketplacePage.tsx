import { EXACT_TOTAL_LIMIT, SORT_LABELS, SORTS, type Sort } from '@domain/catalog/schemas';
import { MORE_VARIETIES, PAGE_SIZE, type Variety } from '@domain/constants';
import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useDocumentTitle } from '@/components/page-status';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { type ProductPage, resultCountLabel, useCatalogFacets, useProductPage } from './api';
import { ActiveFilterChips } from './components/ActiveFilterChips';
import { FilterPanel, type PriceError } from './components/FilterPanel';
import { ProductGrid, ProductGridSkeleton, ProductsEmpty, ProductsError } from './components/ProductResults';
import {
  activeFilterChips,
  DEFAULT_FILTERS,
  type FilterChip,
  filtersKey,
  fromPending,
  type MarketplaceState,
  marketplaceHref,
  parseMarketplaceSearch,
  toPending,
} from './url-state';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';

/**
 * /marketplace (docs/product.md#marketplace and #states). The URL is the state: filters, sort and page are read from it
 * on entry and on back/forward, and every change is written to it.
 */
export function MarketplacePage() {
  useDocumentTitle('Marketplace');
  const search = useSearch();
  const [, navigate] = useLocation();
  const state = useMemo(() => parseMarketplaceSearch(search), [search]);
  const { filters, sort, page } = state;
  // Null until the screen is known: then both the sidebar and the Filter button render, and CSS shows one.
  const isDesktop = useMediaQuery(DESKTOP_QUERY);

  const productsQuery = useProductPage(state);
  const facetsQuery = useCatalogFacets(filters);

  // Pending edits in the panel; they follow the URL whenever its filters change.
  const appliedKey = filtersKey(filters);
  const [pending, setPending] = useState(() => toPending(filters));
  const [pendingFor, setPendingFor] = useState(appliedKey);
  const [priceError, setPriceError] = useState<PriceError | null>(null);
  if (pendingFor !== appliedKey) {
    setPendingFor(appliedKey);
    setPending(toPending(filters));
    setPriceError(null);
  }
  const [drawerOpen, setDrawerOpen] = useState(false);
  if (isDesktop && drawerOpen) setDrawerOpen(false);

  const go = (next: MarketplaceState) => {
    const href = marketplaceHref(next);
    // Applying what is already shown adds no history entry.
    if (href !== marketplaceHref(state)) navigate(href);
  };

  const apply = () => {
    const result = fromPending(pending);
    if (!result.ok) {
      setPriceError({ field: result.field, message: result.message });
      return;
    }
    setPriceError(null);
    setDrawerOpen(false);
    go({ filters: result.filters, sort, page: 1 });
  };

  const resetAll = () => {
    setPending(toPending(DEFAULT_FILTERS));
    setPriceError(null);
    setDrawerOpen(false);
    navigate('/marketplace');
  };

  const removeChip = (chip: FilterChip) => go({ filters: chip.remove(filters), sort, page: 1 });

  const resultsRef = useRef<HTMLElement>(null);
  const changePage = (next: number) => {
    go({ filters, sort, page: next });
    const results = resultsRef.current;
    if (!results) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    results.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
    results.focus({ preventScroll: true });
  };

  const data = productsQuery.data;
  const totalPages = data ? pageCount(data, page) : 0;

  // A page past the end (an old link, or fewer matches now): go to the last page instead.
  const pastTheEnd = data && !productsQuery.isPlaceholderData && data.products.length === 0 && page > 1;
  useEffect(() => {
    if (pastTheEnd)
      navigate(marketplaceHref({ filters, sort, page: Math.max(1, totalPages) }), { replace: true });
  }, [pastTheEnd, filters, sort, totalPages, navigate]);

  const moreVarietiesInUse = filters.varieties.filter((v): v is Variety =>
    (MORE_VARIETIES as readonly string[]).includes(v),
  );
  const panelProps = {
    pending,
    onChange: setPending,
    facets: facetsQuery.data ?? undefined,
    alwaysShownVarieties: moreVarietiesInUse,
    priceError,
    onApply: apply,
    onReset: resetAll,
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <h1 className="text-3xl sm:text-4xl">Dragon Fruit Marketplace</h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        Cuttings, rooted plants, seeds and mature plants from dragon fruit growers.
      </p>

      <div className="mt-8 grid gap-8 lg:grid-cols-[15rem_minmax(0,1fr)] xl:grid-cols-[16rem_minmax(0,1fr)]">
        {isDesktop !== false && (
          <aside aria-labelledby="filters-heading" className="hidden lg:block">
            <h2 id="filters-heading" className="mb-5 text-xl">
              Filters
            </h2>
            {/* The panel itself waits for a wide screen: a phone would adopt it only to throw it away. */}
            {isDesktop && <FilterPanel idPrefix="filter" variant="sidebar" showAllToggle {...panelProps} />}
          </aside>
        )}

        <section
          ref={resultsRef}
          aria-labelledby="results-heading"
          tabIndex={-1}
          className="min-w-0 scroll-mt-36 focus-visible:outline-none lg:scroll-mt-24"
        >
          <h2 id="results-heading" className="sr-only">
            Results
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            {isDesktop !== true && (
              <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
                <SheetTrigger asChild>
                  <Button variant="outline" className="lg:hidden">
                    <SlidersHorizontal aria-hidden="true" />
                    Filter
                  </Button>
                </SheetTrigger>
                <SheetContent side="left" className="max-w-[22rem] gap-0 pb-0">
                  <SheetHeader className="pb-4">
                    <SheetTitle>Filters</SheetTitle>
                    <SheetDescription className="sr-only">
                      Choose filters, then apply them to the results.
                    </SheetDescription>
                  </SheetHeader>
                  <div className="flex min-h-0 flex-1 flex-col pb-6">
                    <FilterPanel
                      idPrefix="drawer-filter"
                      variant="drawer"
                      showAllToggle={false}
                      {...panelProps}
                    />
                  </div>
                </SheetContent>
              </Sheet>
            )}
            <p role="status" className="text-sm text-muted-foreground">
              {data ? resultCountLabel(data) : productsQuery.isPending ? 'Loading products...' : ''}
            </p>
            <div className="ml-auto flex items-center gap-2">
              <label htmlFor="sort" className="text-sm font-medium whitespace-nowrap">
                Sort by
              </label>
              <select
                id="sort"
                value={sort}
                onChange={(event) => go({ filters, sort: event.target.value as Sort, page: 1 })}
                className="h-10 rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
              >
                {SORTS.map((s) => (
                  <option key={s} value={s}>
                    {SORT_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
          </div>

          <div className="mt-4">
            <ActiveFilterChips chips={activeFilterChips(filters)} onRemove={removeChip} />
          </div>

          <div className="mt-6">
            {productsQuery.isPending ? (
              <ProductGridSkeleton />
            ) : productsQuery.isError || !data ? (
              <ProductsError />
            ) : data.products.length === 0 ? (
              pastTheEnd ? (
                <ProductGridSkeleton />
              ) : (
                <ProductsEmpty onClear={() => navigate('/marketplace')} />
              )
            ) : (
              <ProductGrid products={data.products} stale={productsQuery.isPlaceholderData} />
            )}
          </div>

          {data && data.products.length > 0 && (
            <Pagination className="mt-10" page={page} totalPages={totalPages} onPageChange={changePage} />
          )}
        </section>
      </div>
    </div>
  );
}

/** Pages for the total; above the exact-count limit, at least one more page while pages come back full. */
function pageCount(data: ProductPage, page: number): number {
  const pages = Math.ceil(data.total / PAGE_SIZE);
  if (!data.totalIsLowerBound) return pages;
  const more = data.products.length === PAGE_SIZE ? page + 1 : page;
  return Math.max(Math.ceil(EXACT_TOTAL_LIMIT / PAGE_SIZE), more);
}
