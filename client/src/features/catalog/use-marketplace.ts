import { EXACT_TOTAL_LIMIT } from '@domain/catalog/schemas';
import { PAGE_SIZE } from '@domain/constants';
import type { StateCode } from '@domain/shipping/states';
import { type RefObject, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { type ProductPage, useCatalogFacets, useProductPage } from './api';
import type { BoundError } from './components/FilterPanel';
import {
  activeFilterChips,
  catalogPath,
  DEFAULT_SORT,
  defaultFilters,
  type FilterChip,
  filtersKey,
  fromPending,
  type MarketplaceState,
  marketplaceHref,
  parseMarketplaceSearch,
  toPending,
} from './url-state';

/** Pages for the total; above the exact-count limit, at least one more page while pages come back full. */
function pageCount(data: ProductPage, page: number): number {
  const pages = Math.ceil(data.total / PAGE_SIZE);
  if (!data.totalIsLowerBound) return pages;
  const more = data.products.length === PAGE_SIZE ? page + 1 : page;
  return Math.max(Math.ceil(EXACT_TOTAL_LIMIT / PAGE_SIZE), more);
}

/**
 * The marketplace's state and actions (docs/product.md#marketplace and #states), or a storefront's: the same over
 * one nursery's listings (`seller`), on its page's path. The URL is the state: filters,
 * sort and page are read from it on entry and on back/forward, and every change is written to it. The panel's
 * edits stay pending until applied, and follow the URL whenever its filters change.
 *
 * The defaults depend on the buyer's place (`destination`, which the page passes: the shipping feature's
 * useDestination, the address the cart ships to or a ZIP code typed):
 * once it is known, "Ships to <state>" is on unless the URL says `shipsTo=any`. The results wait until it is
 * settled, so a signed-in buyer's first results are already filtered. A page rendered on the server knows only a
 * signed-in buyer's address, not the ZIP cookie: the browser asks again once it knows the place.
 */
export function useMarketplace(
  resultsRef: RefObject<HTMLElement | null>,
  /** Where the buyer's plants would go: its state, and whether it may still change. */
  destination: { state: StateCode | null; settled: boolean },
  /** A storefront's: the username of the nursery whose listings are browsed (null: the whole marketplace). */
  seller: string | null = null,
) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const defaults = useMemo(() => defaultFilters(destination.state, seller), [destination.state, seller]);
  const home = catalogPath(defaults);
  const state = useMemo(() => parseMarketplaceSearch(search, defaults), [search, defaults]);
  const { filters, sort, page } = state;

  const productsQuery = useProductPage(state, destination.settled);
  const facetsQuery = useCatalogFacets(filters, destination.settled);

  const appliedKey = filtersKey(filters);
  const [pending, setPending] = useState(() => toPending(filters));
  const [pendingFor, setPendingFor] = useState(appliedKey);
  const [boundError, setBoundError] = useState<BoundError | null>(null);
  if (pendingFor !== appliedKey) {
    setPendingFor(appliedKey);
    setPending(toPending(filters));
    setBoundError(null);
  }
  const [drawerOpen, setDrawerOpen] = useState(false);

  const go = (next: MarketplaceState) => {
    const href = marketplaceHref(next, defaults);
    // Applying what is already shown adds no history entry.
    if (href !== marketplaceHref(state, defaults)) navigate(href);
  };

  const apply = () => {
    const result = fromPending(pending);
    if (!result.ok) {
      setBoundError({ field: result.field, message: result.message });
      return;
    }
    setBoundError(null);
    setDrawerOpen(false);
    go({ filters: result.filters, sort, page: 1 });
  };

  const resetAll = () => {
    setPending(toPending(defaults));
    setBoundError(null);
    setDrawerOpen(false);
    navigate(home);
  };

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
  const pastTheEnd = Boolean(
    data && !productsQuery.isPlaceholderData && data.products.length === 0 && page > 1,
  );
  useEffect(() => {
    if (pastTheEnd)
      navigate(marketplaceHref({ filters, sort, page: Math.max(1, totalPages) }, defaults), {
        replace: true,
      });
  }, [pastTheEnd, filters, sort, totalPages, navigate, defaults]);

  return {
    state,
    productsQuery,
    totalPages,
    pastTheEnd,
    /** What the filter panels (sidebar and drawer) share. */
    panel: {
      pending,
      onChange: setPending,
      facets: facetsQuery.data ?? undefined,
      applied: filters,
      defaults,
      boundError,
      onApply: apply,
      onReset: resetAll,
      // The plain form (before adoption) keeps the search and the sort.
      carried: {
        ...(filters.search ? { search: filters.search } : {}),
        ...(sort !== DEFAULT_SORT ? { sort } : {}),
      },
    },
    drawer: { open: drawerOpen, onOpenChange: setDrawerOpen },
    /** The active filters' chips (a filter with a default has one while it departs from it). */
    chips: activeFilterChips(filters, defaults),
    setSort: (next: MarketplaceState['sort']) => go({ filters, sort: next, page: 1 }),
    removeChip: (chip: FilterChip) => go({ filters: chip.remove(filters), sort, page: 1 }),
    changePage,
    /** A page's address: the page numbers are links, so they work before the page is adopted. */
    pageHref: (next: number) => marketplaceHref({ filters, sort, page: next }, defaults),
    /** The address without a chip's filter: the chips' remove buttons are links, as the page numbers are. */
    chipHref: (chip: FilterChip) =>
      marketplaceHref({ filters: chip.remove(filters), sort, page: 1 }, defaults),
    clearAll: () => navigate(home),
    /** The buyer's place (the address the cart ships to, or a ZIP code typed), when known. */
    place: destination.state,
    /** The "Ships to" filter's place (null: off), and how many matches it hides once counted for these filters. */
    shipsTo: {
      place: filters.shipsTo,
      hidden: facetsQuery.isPlaceholderData ? undefined : facetsQuery.data?.shipsToHidden,
    },
    /**
     * The "Ships to" filter off: every listing, whether or not it may go to the buyer's place. A link, so it works
     * before the page is adopted too.
     */
    showAllHref: marketplaceHref({ filters: { ...filters, shipsTo: null }, sort, page: 1 }, defaults),
  };
}
