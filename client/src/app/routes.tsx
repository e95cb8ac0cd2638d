import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoading } from '@/components/page-status';
import { RequireAuth, RequireSeller } from '@/features/auth';

/** A page loaded on demand, so each route is its own chunk. */
function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const HomePage = lazyPage(() => import('@/features/home/HomePage'), 'HomePage');
const MarketplacePage = lazyPage(() => import('@/features/marketplace/MarketplacePage'), 'MarketplacePage');
const ProductDetailPage = lazyPage(() => import('@/features/product/ProductDetailPage'), 'ProductDetailPage');
const CartPage = lazyPage(() => import('@/features/cart/CartPage'), 'CartPage');
const OrdersPage = lazyPage(() => import('@/features/orders/OrdersPage'), 'OrdersPage');
const OrderDetailPage = lazyPage(() => import('@/features/orders/OrderDetailPage'), 'OrderDetailPage');
const LoginPage = lazyPage(() => import('@/features/auth/pages/LoginPage'), 'LoginPage');
const RegisterPage = lazyPage(() => import('@/features/auth/pages/RegisterPage'), 'RegisterPage');
const SellerDashboardPage = lazyPage(
  () => import('@/features/seller/SellerDashboardPage'),
  'SellerDashboardPage',
);
const SellerListingsPage = lazyPage(
  () => import('@/features/seller/SellerListingsPage'),
  'SellerListingsPage',
);
const AddListingPage = lazyPage(() => import('@/features/seller/AddListingPage'), 'AddListingPage');
const GuidesPage = lazyPage(() => import('@/features/guides/GuidesPage'), 'GuidesPage');
const GuidePage = lazyPage(() => import('@/features/guides/GuidePage'), 'GuidePage');
const HelpPage = lazyPage(() => import('@/features/help/HelpPage'), 'HelpPage');
const NotFoundPage = lazyPage(() => import('./NotFoundPage'), 'NotFoundPage');

/** Every route of SPEC section 2, plus the orders pages, the growing guides and the help page. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/marketplace" component={MarketplacePage} />
        <Route path="/product/:id" component={ProductDetailPage} />
        <Route path="/cart">
          <RequireAuth returnTo="/cart">
            <CartPage />
          </RequireAuth>
        </Route>
        <Route path="/orders">
          <RequireAuth returnTo="/orders">
            <OrdersPage />
          </RequireAuth>
        </Route>
        <Route path="/orders/:id">
          {({ id }) => (
            <RequireAuth returnTo={`/orders/${encodeURIComponent(id)}`}>
              <OrderDetailPage />
            </RequireAuth>
          )}
        </Route>
        <Route path="/login" component={LoginPage} />
        <Route path="/register" component={RegisterPage} />
        <Route path="/seller/dashboard">
          <RequireSeller>
            <SellerDashboardPage />
          </RequireSeller>
        </Route>
        <Route path="/seller/listings">
          <RequireSeller>
            <SellerListingsPage />
          </RequireSeller>
        </Route>
        <Route path="/seller/add-listing">
          <RequireSeller>
            <AddListingPage />
          </RequireSeller>
        </Route>
        <Route path="/guides" component={GuidesPage} />
        <Route path="/guides/:slug" component={GuidePage} />
        <Route path="/help" component={HelpPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
