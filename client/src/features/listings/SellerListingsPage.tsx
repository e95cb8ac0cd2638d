import type { Product } from '@domain/catalog/responses';
import { FORM_LABELS } from '@domain/constants';
import { formatUSD } from '@domain/money';
import { AlertCircle, PackageOpen, Pencil, Plus, Search, SearchX } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { PageMessage } from '@/components/PageMessage';
import { useDocumentTitle } from '@/components/PageStatus';
import { ProductThumbnail } from '@/components/ProductThumbnail';
import { TextSeparator } from '@/components/TextSeparator';
import { ThumbnailRowsSkeleton } from '@/components/ThumbnailRowsSkeleton';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { NativeSelect } from '@/components/ui/NativeSelect';
import { useSellerProducts } from './api';
import { DeleteListingButton } from './components/DeleteListingButton';
import { StockBadge } from './components/StockBadge';
import { filterListings, STOCK_FILTER_LABELS, type StockFilter } from './stats';

const STOCK_FILTERS = Object.keys(STOCK_FILTER_LABELS) as StockFilter[];

/** /seller/listings — the seller's listings with search, a stock filter, edit and delete. */
export function SellerListingsPage() {
  useDocumentTitle('Your Listings');
  const products = useSellerProducts();
  const [search, setSearch] = useState('');
  const [stock, setStock] = useState<StockFilter>('all');
  const headingRef = useRef<HTMLHeadingElement>(null);

  const all = products.data ?? [];
  const shown = filterListings(all, search, stock);
  const filtering = search.trim() !== '' || stock !== 'all';
  const clearFilters = () => {
    setSearch('');
    setStock('all');
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-3xl focus-visible:outline-none sm:text-4xl">
            Your Listings{' '}
            {products.data && (
              <span className="text-2xl text-muted-foreground tabular-nums sm:text-3xl">({all.length})</span>
            )}
          </h1>
          <p className="mt-2 text-muted-foreground">Manage the plants and cuttings you sell.</p>
        </div>
        <Button asChild>
          <Link href="/seller/add-listing">
            <Plus aria-hidden="true" />
            Add New Listing
          </Link>
        </Button>
      </div>

      <search
        aria-label="Search and filter listings"
        className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <div className="grid flex-1 gap-2">
          <label htmlFor="listings-search" className="text-sm font-medium">
            Search listings
          </label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id="listings-search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Title or variety"
              autoComplete="off"
              className="pl-9"
            />
          </div>
        </div>
        <div className="grid gap-2 sm:w-48">
          <label htmlFor="listings-stock" className="text-sm font-medium">
            Filter by stock
          </label>
          <NativeSelect
            id="listings-stock"
            value={stock}
            onChange={(event) => setStock(event.target.value as StockFilter)}
          >
            {STOCK_FILTERS.map((f) => (
              <option key={f} value={f}>
                {STOCK_FILTER_LABELS[f]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </search>

      <p role="status" className="sr-only">
        {products.data && filtering ? `Showing ${shown.length} of ${all.length} listings` : ''}
      </p>

      <div className="mt-6">
        {products.isPending ? (
          <ListingRowsSkeleton />
        ) : products.isError ? (
          <PageMessage
            icon={<AlertCircle className="size-12 text-destructive" aria-hidden="true" />}
            title="Your listings could not be loaded"
            action={<Button onClick={() => void products.refetch()}>Retry</Button>}
          >
            Please try again in a moment.
          </PageMessage>
        ) : shown.length === 0 ? (
          filtering ? (
            <PageMessage
              icon={<SearchX className="size-12 text-muted-foreground" aria-hidden="true" />}
              title="No products found"
              action={
                <Button variant="outline" onClick={clearFilters}>
                  Clear Filters
                </Button>
              }
            >
              No listing matches your search or filter.
            </PageMessage>
          ) : (
            <PageMessage
              icon={<PackageOpen className="size-12 text-muted-foreground" aria-hidden="true" />}
              title="No products yet"
              action={
                <Button asChild variant="cactus">
                  <Link href="/seller/add-listing">
                    <Plus aria-hidden="true" />
                    Add Your First Product
                  </Link>
                </Button>
              }
            >
              Add a listing and buyers will find it in the marketplace.
            </PageMessage>
          )
        ) : (
          <ul aria-label="Listings" className="divide-y rounded-xl border bg-card shadow-sm">
            {shown.map((product) => (
              <ListingRow key={product.id} product={product} onDeleted={() => headingRef.current?.focus()} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function ListingRow({ product, onDeleted }: { product: Product; onDeleted: () => void }) {
  return (
    <li className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:p-5">
      <div className="flex min-w-0 flex-1 gap-4">
        <ProductThumbnail listing={product} size={80} className="size-16 sm:size-20" />
        <div className="grid min-w-0 flex-1 content-start gap-1">
          <h2 className="font-sans text-base leading-snug font-semibold">
            <Link href={`/product/${product.id}`} className="rounded-sm break-words hover:text-primary">
              {product.title}
            </Link>
          </h2>
          <p className="text-sm text-muted-foreground">
            {product.variety}
            <TextSeparator />
            {FORM_LABELS[product.form]}
          </p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <StockBadge inStock={product.inStock} />
            <span className="text-muted-foreground tabular-nums">Qty: {product.quantity}</span>
            <span className="font-semibold tabular-nums">{formatUSD(product.price)}</span>
          </div>
        </div>
      </div>
      <div className="flex gap-2 sm:shrink-0">
        <Button asChild variant="outline" size="sm" className="flex-1 sm:flex-none">
          <Link href={`/seller/add-listing?id=${product.id}`}>
            <Pencil aria-hidden="true" />
            Edit<span className="sr-only"> {product.title}</span>
          </Link>
        </Button>
        <DeleteListingButton product={product} onDeleted={onDeleted} className="flex-1 sm:flex-none" />
      </div>
    </li>
  );
}

/** Three rows the shape of a listing while the listings load (docs/product.md#constants). */
function ListingRowsSkeleton() {
  return (
    <ThumbnailRowsSkeleton
      label="Loading listings"
      className="divide-y rounded-xl border bg-card shadow-sm"
      rowClassName="flex gap-4 p-4 sm:p-5"
      thumbnailClassName="size-16 sm:size-20"
      lines={['h-5 w-2/3', 'h-4 w-1/3', 'h-5 w-1/2']}
    />
  );
}
