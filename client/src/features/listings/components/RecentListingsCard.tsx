import type { Product } from '@domain/catalog/responses';
import { formatUSD } from '@domain/money';
import { ArrowRight, PackageOpen, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { ProductThumbnail } from '@/components/ProductThumbnail';
import { ThumbnailRowsSkeleton } from '@/components/ThumbnailRowsSkeleton';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { recentListings } from '../stats';
import { StockBadge } from './StockBadge';

/** docs/product.md#constants: the dashboard shows the 4 most recent listings. */
const RECENT_COUNT = 4;

interface RecentListingsCardProps {
  /** Undefined until the listings load (and when they could not be: the summary above says so). */
  products: Product[] | undefined;
  pending: boolean;
}

/** The overview's main card: the newest listings, a way to all of them, or a first step for a new seller. */
export function RecentListingsCard({ products, pending }: RecentListingsCardProps) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-4 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle className="text-xl">Recent Listings</CardTitle>
          <CardDescription>Your newest products.</CardDescription>
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link href="/seller/listings">
            View All
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {pending ? (
          <RecentSkeleton />
        ) : products && products.length > 0 ? (
          <RecentListings products={recentListings(products, RECENT_COUNT)} />
        ) : products ? (
          <NoListingsYet />
        ) : null}
      </CardContent>
    </Card>
  );
}

function RecentListings({ products }: { products: Product[] }) {
  return (
    <ul aria-label="Recent listings" className="divide-y">
      {products.map((product) => (
        <li key={product.id} className="flex items-center gap-4 py-3 first:pt-0 last:pb-0">
          <ProductThumbnail listing={product} size={56} className="size-14" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium">
              <Link href={`/product/${product.id}`} className="rounded-sm hover:text-primary">
                {product.title}
              </Link>
            </p>
            <p className="text-sm font-semibold tabular-nums">{formatUSD(product.price)}</p>
          </div>
          <StockBadge inStock={product.inStock} className="shrink-0" />
        </li>
      ))}
    </ul>
  );
}

/** A seller with no listings yet is led straight to adding one. */
function NoListingsYet() {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed px-6 py-10 text-center">
      <PackageOpen className="size-10 text-muted-foreground" aria-hidden="true" />
      <h3 className="mt-3 text-lg">No listings yet</h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Add your first product and buyers will find it in the marketplace.
      </p>
      <Button asChild variant="cactus" className="mt-5">
        <Link href="/seller/add-listing">
          <Plus aria-hidden="true" />
          Add a Product
        </Link>
      </Button>
    </div>
  );
}

function RecentSkeleton() {
  return (
    <ThumbnailRowsSkeleton
      label="Loading listings"
      className="grid gap-4"
      rowClassName="flex items-center gap-4"
      thumbnailClassName="size-14"
      lines={['h-4 w-2/3', 'h-4 w-16']}
    />
  );
}
