import type { Product } from '@domain/catalog/responses';
import { BarChart3 } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { PageMessage } from '@/components/PageMessage';
import { useDocumentTitle } from '@/components/PageStatus';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import { SellerOrders, ToShipSummary } from '@/features/orders';
import { PaymentsNotice } from '@/features/payments';
import { MissedBuyersNotice, ShipFromNotice } from '@/features/shipping';
import { useSession } from '@/lib/session';
import { useSellerProducts } from './api';
import { InventorySummary } from './components/InventorySummary';
import { QuickActionsCard } from './components/QuickActionsCard';
import { RecentListingsCard } from './components/RecentListingsCard';
import { listingStats } from './stats';

/**
 * "Welcome back" only to a seller who has been here before (it has listings); a new seller is welcomed, and nothing
 * is said while its listings load.
 */
function greeting(username: string | undefined, listings: number | undefined): string {
  if (!username || listings === undefined) return '';
  return listings > 0
    ? `Welcome back, ${username}. `
    : `Welcome, ${username}: add your first listing to start selling. `;
}

/** /seller/dashboard — stats, recent listings, orders to ship and quick actions (inside RequireSeller). */
export function SellerDashboardPage() {
  useDocumentTitle('Seller Dashboard');
  const { user } = useSession();
  const products = useSellerProducts();
  const stats = products.data ? listingStats(products.data) : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <h1 className="text-3xl sm:text-4xl">Seller Dashboard</h1>
      <p className="mt-2 text-muted-foreground">
        {greeting(user?.username, products.data?.length)}Manage your inventory and the orders to ship.
      </p>
      <ShipFromNotice className="mt-6" />
      <PaymentsNotice className="mt-6" />
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

const TABS = ['overview', 'orders', 'analytics'] as const;
type Tab = (typeof TABS)[number];
const tabHref = (tab: Tab) => (tab === 'overview' ? '/seller/dashboard' : `/seller/dashboard?tab=${tab}`);

/**
 * The overview (the orders waiting to be shipped, recent listings and quick actions), the orders to ship and the
 * analytics placeholder. The orders tab has a visually hidden h2: the seller's orders use h3 headings, which would
 * otherwise skip a level. The tab shown is the URL's (`?tab=orders` opens on the orders: the packing slip's way
 * back, and the overview's link to the orders to ship); choosing a tab replaces the URL.
 */
function DashboardTabs({ products, pending }: DashboardTabsProps) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const asked = new URLSearchParams(search).get('tab');
  const tab: Tab = TABS.find((t) => t === asked) ?? 'overview';
  return (
    <Tabs
      value={tab}
      onValueChange={(next) => navigate(tabHref(next as Tab), { replace: true })}
      className="mt-10"
    >
      <TabsList aria-label="Dashboard sections" className="w-full sm:w-auto">
        <TabsTrigger value="overview">Overview</TabsTrigger>
        <TabsTrigger value="orders">Orders</TabsTrigger>
        <TabsTrigger value="analytics">Analytics</TabsTrigger>
      </TabsList>

      <TabsContent value="overview" className="mt-6">
        <ToShipSummary href={tabHref('orders')} className="mb-6" />
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
