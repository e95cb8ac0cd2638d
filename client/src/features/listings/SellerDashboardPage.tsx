import type { Product } from '@domain/catalog/schemas';
import { BarChart3 } from 'lucide-react';
import { useSearch } from 'wouter';
import { PageMessage } from '@/components/PageMessage';
import { useDocumentTitle } from '@/components/PageStatus';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { useAuth } from '@/features/accounts';
import { SellerOrders } from '@/features/orders';
import { MissedBuyersNotice, ShipFromNotice } from '@/features/shipping';
import { useSellerProducts } from './api';
import { InventorySummary } from './components/InventorySummary';
import { QuickActionsCard } from './components/QuickActionsCard';
import { RecentListingsCard } from './components/RecentListingsCard';
import { listingStats } from './stats';

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
      <ShipFromNotice className="mt-6" />
      <MissedBuyersNotice className="mt-6" />
      <InventorySummary stats={stats} failed={products.isError} onRetry={() => void products.refetch()} />
      <DashboardTabs products={products.data} pending={products.isPending} />
    </div>
  );
}

interface DashboardTabsProps {
  products: Product[] | undefined;
  pending: boolean;
}

/**
 * The overview (recent listings and quick actions), the orders to ship and the analytics placeholder. The
 * orders tab has a visually hidden h2: the seller's orders use h3 headings, which would otherwise skip a level.
 */
function DashboardTabs({ products, pending }: DashboardTabsProps) {
  // /seller/dashboard?tab=orders opens on the orders (the packing slip's way back).
  const search = useSearch();
  const initial = new URLSearchParams(search).get('tab') === 'orders' ? 'orders' : 'overview';
  return (
    <Tabs defaultValue={initial} className="mt-10">
      <TabsList aria-label="Dashboard sections" className="w-full sm:w-auto">
        <TabsTrigger value="overview">Overview</TabsTrigger>
        <TabsTrigger value="orders">Orders</TabsTrigger>
        <TabsTrigger value="analytics">Analytics</TabsTrigger>
      </TabsList>

      <TabsContent value="overview" className="mt-6">
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <RecentListingsCard products={products} pending={pending} />
          <QuickActionsCard />
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
  );
}
