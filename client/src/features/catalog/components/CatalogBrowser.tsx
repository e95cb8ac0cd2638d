import type { Product } from '@domain/catalog/responses';
import { SORT_LABELS, SORTS, type Sort } from '@domain/catalog/schemas';
import { stateName } from '@domain/shipping/states';
import type { HardinessZone } from '@domain/shipping/zones';
import { SlidersHorizontal } from 'lucide-react';
import { type ComponentProps, type ReactNode, type RefObject, useEffect } from 'react';
import { Pagination } from '@/components/Pagination';
import { Button } from '@/components/ui/Button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/Sheet';
import { useHydrated } from '@/lib/server-render';
import { cn } from '@/lib/utils';
import { resultCountLabel } from '../api';
import { activeFilterCount } from '../url-state';
import type { useMarketplace } from '../use-marketplace';
import { DESKTOP_QUERY, useMediaQuery } from '../use-media-query';
import { ActiveFilterChips } from './ActiveFilterChips';
import { FilterPanel } from './FilterPanel';
import { ProductGrid, ProductGridSkeleton, ProductsEmpty, ProductsError } from './ProductResults';
import { ShipsToSummary } from './ShipsToSummary';

type PanelProps = Omit<ComponentProps<typeof FilterPanel>, 'idPrefix' | 'variant' | 'showAllToggle'>;

/**
 * The catalog's browser, the marketplace's and a storefront's (docs/product.md#marketplace and #states): the
 * filters (a sidebar on a wide screen, a drawer otherwise), the count and sort, the active filters' chips, the
 * results and the pages. The state and its actions: use-marketplace.ts.
 */
export function CatalogBrowser({
  m,
  resultsRef,
  productAction,
  zone = null,
  className,
}: {
  m: ReturnType<typeof useMarketplace>;
  /** The buyer's hardiness zone, when known: each card says how its variety fits it. */
  zone?: HardinessZone | null;
  resultsRef: RefObject<HTMLElement | null>;
  /** Each card's button (the page passes the cart's Add to Cart). */
  productAction: (product: Product) => ReactNode;
  className?: string;
}) {
  const { sort, page } = m.state;
  // Null until the screen is known: then both the sidebar and the Filter button render, and CSS shows one.
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  if (isDesktop && m.drawer.open) m.drawer.onOpenChange(false);
  // A phone whose Filter link was followed before the page was adopted (#filters): the drawer takes over.
  const { onOpenChange } = m.drawer;
  useEffect(() => {
    if (isDesktop !== false || window.location.hash !== '#filters') return;
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    onOpenChange(true);
  }, [isDesktop, onOpenChange]);
  const data = m.productsQuery.data;

  return (
    <div
      className={cn(
        'grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[15rem_minmax(0,1fr)] xl:grid-cols-[16rem_minmax(0,1fr)]',
        className,
      )}
    >
      {isDesktop !== false && <FiltersSidebar panel={m.panel} />}

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
            <FiltersDrawer {...m.drawer} panel={m.panel} activeCount={activeFilterCount(m.chips)} />
          )}
          <p role="status" className="text-sm text-muted-foreground">
            {data ? resultCountLabel(data) : m.productsQuery.isPending ? 'Loading products...' : ''}
          </p>
          <SortSelect value={sort} onChange={m.setSort} />
        </div>

        <div className="mt-4 flex flex-col gap-3">
          <ActiveFilterChips chips={m.chips} onRemove={m.removeChip} hrefOf={m.chipHref} />
          {data && !m.productsQuery.isPlaceholderData && (
            <ShipsToSummary
              place={m.shipsTo.place}
              shown={data.total}
              capped={data.totalIsLowerBound}
              hidden={m.shipsTo.hidden}
              showAllHref={m.showAllHref}
            />
          )}
        </div>

        <div className="mt-6">
          {m.productsQuery.isPending ? (
            <ProductGridSkeleton />
          ) : m.productsQuery.isError || !data ? (
            <ProductsError />
          ) : data.products.length === 0 ? (
            m.pastTheEnd ? (
              <ProductGridSkeleton />
            ) : (
              <ProductsEmpty
                onClear={m.clearAll}
                shipsTo={
                  m.shipsTo.place && m.shipsTo.hidden
                    ? {
                        place: stateName(m.shipsTo.place),
                        hidden: m.shipsTo.hidden,
                        showAllHref: m.showAllHref,
                      }
                    : undefined
                }
              />
            )
          ) : (
            <ProductGrid
              products={data.products}
              stale={m.productsQuery.isPlaceholderData}
              place={m.place}
              zone={zone}
              action={productAction}
            />
          )}
        </div>

        {data && data.products.length > 0 && (
          <Pagination
            className="mt-10"
            page={page}
            totalPages={m.totalPages}
            onPageChange={m.changePage}
            hrefOf={m.pageHref}
          />
        )}
      </section>
    </div>
  );
}

/**
 * The wide screen's filters. Rendered on the server too, so that they work as a plain form before the page is
 * adopted (issue 24); a phone, where CSS hides them unless the Filter link made them the target, drops them once
 * the screen is known.
 */
function FiltersSidebar({ panel }: { panel: PanelProps }) {
  return (
    <aside id="filters" aria-labelledby="filters-heading" className="hidden target:block lg:block">
      <h2 id="filters-heading" className="mb-5 text-xl">
        Filters
      </h2>
      <FilterPanel idPrefix="filter" variant="sidebar" showAllToggle {...panel} />
    </aside>
  );
}

/**
 * The narrow screen's filters: a Filter button opening a drawer with the panel. The button shows how many
 * filters are on in a badge, and says it ("Filter, 3 on"); with none on it is just "Filter".
 */
function FiltersDrawer({
  open,
  onOpenChange,
  panel,
  activeCount,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  panel: PanelProps;
  activeCount: number;
}) {
  const hydrated = useHydrated();
  const label = activeCount > 0 ? `Filter, ${activeCount} on` : undefined;
  const content = (
    <>
      <SlidersHorizontal aria-hidden="true" />
      Filter
      {activeCount > 0 && (
        <span
          aria-hidden="true"
          data-testid="filter-count"
          className="flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground tabular-nums"
        >
          {activeCount}
        </span>
      )}
    </>
  );
  // Before the page is adopted (or without JavaScript) the drawer cannot open: the button is a link to the filter
  // form rendered on the server, which a phone shows while it is the page's target (#filters).
  if (!hydrated)
    return (
      <Button variant="outline" className="lg:hidden" asChild>
        <a href="#filters" aria-label={label}>
          {content}
        </a>
      </Button>
    );
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>
        <Button variant="outline" className="lg:hidden" aria-label={label}>
          {content}
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
          <FilterPanel idPrefix="drawer-filter" variant="drawer" showAllToggle={false} {...panel} />
        </div>
      </SheetContent>
    </Sheet>
  );
}

function SortSelect({ value, onChange }: { value: Sort; onChange: (sort: Sort) => void }) {
  // A new sort is applied by the page's code: not ready (disabled) until the page is adopted.
  const hydrated = useHydrated();
  return (
    <div className="ml-auto flex items-center gap-2">
      <label htmlFor="sort" className="text-sm font-medium whitespace-nowrap">
        Sort by
      </label>
      <select
        id="sort"
        value={value}
        disabled={!hydrated}
        onChange={(event) => onChange(event.target.value as Sort)}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
      >
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );
}
