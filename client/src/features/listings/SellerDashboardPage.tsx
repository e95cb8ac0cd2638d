import type { Product } from '@domain/catalog/schemas';
import { formatUSD } from '@domain/money';
import {
  AlertCircle,
  ArrowRight,
  BarChart3,
  CircleCheck,
  CircleX,
  Leaf,
  type LucideIcon,
  Package,
  PackageOpen,
  Plus,
  Store,
} from 'lucide-react';
import { Link } from 'wouter';
import { PageMessage } from '@/components/page-message';
import { useDocumentTitle } from '@/components/page-status';
import { ProductThumbnail } from '@/components/product-thumbnail';
import { ThumbnailRowsSkeleton } from '@/components/thumbnail-rows-skeleton';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/features/accounts';
import { SellerOrders } from '@/features/orders';
import { useSellerProducts } from './api';
import { StockBadge } from './components/StockBadge';
import { listingStats, recentListings } from './stats';

/** docs/product.md#constants: the dashboard shows the 4 most recent listings. */
const RECENT_COUNT = 4;

/** /seller/dashboard — stats, recent listings, orders to ship and quick actions (inside RequireSeller). */
export function SellerDashboardPage() {
  useDocumentTitle('Seller Dashboard');
  const { user } = useAuth();
  const products = useSellerProducts();
  const stats = products.data ? listingStats(products.data) : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <h1 className="text-3xl sm:text-4xl">Seller Dashboard</h1>
      <p className="mt-2 text-muted-foreground">
        {user ? `Welcome back, ${user.username}. ` : ''}Manage your inventory and the orders to ship.
      </p>

      <section aria-label="Inventory summary" className="mt-8">
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <StatCard
            icon={Package}
            title="Total Products"
            value={stats?.total}
            note="products in your inventory"
            failed={products.isError}
          />
          <StatCard
            icon={CircleCheck}
            title="In Stock"
            value={stats?.inStock}
            note="available for purchase"
            failed={products.isError}
          />
          <StatCard
            icon={CircleX}
            title="Out of Stock"
            value={stats?.outOfStock}
            note="need restocking"
            failed={products.isError}
          />
          <StatCard
            icon={Leaf}
            title="Varieties"
            value={stats?.varieties}
            note="unique varieties"
            failed={products.isError}
          />
        </ul>
        {products.isError && (
          <div className="mt-4 flex flex-wrap items-center gap-3 text-sm text-destructive">
            <AlertCircle className="size-4" aria-hidden="true" />
            Your listings could not be loaded.
            <Button variant="outline" size="sm" onClick={() => void products.refetch()}>
              Retry
            </Button>
          </div>
        )}
      </section>

      <Tabs defaultValue="overview" className="mt-10">
        <TabsList aria-label="Dashboard sections" className="w-full sm:w-auto">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="orders">Orders</TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="mt-6">
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
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
                {products.isPending ? (
                  <RecentSkeleton />
                ) : products.data && products.data.length > 0 ? (
                  <RecentListings products={recentListings(products.data, RECENT_COUNT)} />
                ) : products.data ? (
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
                ) : null}
              </CardContent>
            </Card>

            <Card className="self-start">
              <CardHeader>
                <CardTitle className="text-xl">Quick Actions</CardTitle>
              </CardHeader>
              <CardContent className="grid gap-3">
                <Button asChild className="justify-start">
                  <Link href="/seller/add-listing">
                    <Plus aria-hidden="true" />
                    Add New Product
                  </Link>
                </Button>
                <Button asChild variant="outline" className="justify-start">
                  <Link href="/seller/listings">
                    <Package aria-hidden="true" />
                    Manage Inventory
                  </Link>
                </Button>
                <Button asChild variant="outline" className="justify-start">
                  <Link href="/marketplace">
                    <Store aria-hidden="true" />
                    View Marketplace
                  </Link>
                </Button>
              </CardContent>
            </Card>
          </div>
        </TabsContent>

        <TabsContent value="orders" className="mt-6">
          <h2 className="sr-only">Orders</h2>
          <SellerOrders />
        </TabsContent>

        <TabsContent value="analytics" className="mt-6">
          <PageMessage
            icon={<BarChart3 className="size-12 text-muted-foreground" aria-hidden="true" />}
            title="Analytics coming soon"
          >
            Sales and traffic analytics for your listings are coming soon.
          </PageMessage>
        </TabsContent>
      </Tabs>
    </div>
  );
}

interface StatCardProps {
  icon: LucideIcon;
  title: string;
  /** Undefined while the listings load. */
  value: number | undefined;
  note: string;
  /** The listings could not be loaded: no number to show. */
  failed: boolean;
}

function StatCard({ icon: Icon, title, value, note, failed }: StatCardProps) {
  return (
    <li className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <h2 className="font-sans text-sm font-medium text-muted-foreground">{title}</h2>
        <Icon className="size-5 shrink-0 text-primary" aria-hidden="true" />
      </div>
      {value === undefined ? (
        failed ? (
          <p className="mt-2 font-display text-3xl font-semibold text-muted-foreground">–</p>
        ) : (
          <Skeleton className="mt-2 h-9 w-14" />
        )
      ) : (
        <p className="mt-2 font-display text-3xl font-semibold tabular-nums">
          {value.toLocaleString('en-US')}
        </p>
      )}
      <p className="mt-1 text-xs text-muted-foreground">{note}</p>
    </li>
  );
}

function RecentListings({ products }: { products: Product[] }) {
  return (
    <ul aria-label="Recent listings" className="divide-y">
      {products.map((product) => (
        <li key={product.id} className="flex items-center gap-4 py-3 first:pt-0 last:pb-0">
          <ProductThumbnail src={product.imageUrl} size={56} className="size-14" />
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
