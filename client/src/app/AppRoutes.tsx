import { type ReactNode, Suspense } from 'react';
import { parse as parsePattern } from 'regexparam';
import { matchRoute, Route, Switch } from 'wouter';
import { PageLoading } from '@/components/PageStatus';
import { RequireAuth, RequireSeller } from '@/features/accounts';
import type { PageLoader } from '@/lib/server-render';
import { InteractiveMark } from './InteractiveMark';
import { type LazyPage, lazyPage } from './lazy-page';

const HomePage = lazyPage(() => import('@/features/content/HomePage'), 'HomePage');
const MarketplacePage = lazyPage(
  () => import('@/features/catalog/MarketplacePage'),
  'MarketplacePage',
  'loadMarketplacePage',
);
const ProductDetailPage = lazyPage(
  () => import('@/features/catalog/ProductDetailPage'),
  'ProductDetailPage',
  'loadProductDetailPage',
);
const StorefrontPage = lazyPage(
  () => import('@/features/catalog/StorefrontPage'),
  'StorefrontPage',
  'loadStorefrontPage',
);
const CartPage = lazyPage(() => import('@/features/cart/CartPage'), 'CartPage');
const OrdersPage = lazyPage(() => import('@/features/orders/OrdersPage'), 'OrdersPage');
const OrderDetailPage = lazyPage(() => import('@/features/orders/OrderDetailPage'), 'OrderDetailPage');
const NotificationsPage = lazyPage(
  () => import('@/features/notifications/NotificationsPage'),
  'NotificationsPage',
);
const PackingSlipPage = lazyPage(() => import('@/features/orders/PackingSlipPage'), 'PackingSlipPage');
const LoginPage = lazyPage(() => import('@/features/accounts/LoginPage'), 'LoginPage');
const RegisterPage = lazyPage(() => import('@/features/accounts/RegisterPage'), 'RegisterPage');
const SellerDashboardPage = lazyPage(
  () => import('@/features/listings/SellerDashboardPage'),
  'SellerDashboardPage',
);
const SellerListingsPage = lazyPage(
  () => import('@/features/listings/SellerListingsPage'),
  'SellerListingsPage',
);
const AddListingPage = lazyPage(() => import('@/features/listings/AddListingPage'), 'AddListingPage');
const AddressBookPage = lazyPage(() => import('@/features/shipping/AddressBookPage'), 'AddressBookPage');
const SellerProfilePage = lazyPage(
  () => import('@/features/shipping/SellerProfilePage'),
  'SellerProfilePage',
);
const GuidesPage = lazyPage(() => import('@/features/content/GuidesPage'), 'GuidesPage');
const GuidePage = lazyPage(() => import('@/features/content/GuidePage'), 'GuidePage');
const HelpPage = lazyPage(() => import('@/features/content/HelpPage'), 'HelpPage');
const NotFoundPage = lazyPage(() => import('./NotFoundPage'), 'NotFoundPage');

interface PageRoute {
  path: string;
  page: LazyPage;
  /** Who may see it: signed-in users, or sellers. Guarded pages are never rendered on the server. */
  guard?: 'auth' | 'seller';
}

/** Every route of docs/product.md#screens. Adding one: docs/architecture.md#how-to-add-a-page. */
const ROUTES: readonly PageRoute[] = [
  { path: '/', page: HomePage },
  { path: '/marketplace', page: MarketplacePage },
  { path: '/product/:id', page: ProductDetailPage },
  { path: '/sellers/:username', page: StorefrontPage },
  { path: '/cart', page: CartPage, guard: 'auth' },
  { path: '/orders', page: OrdersPage, guard: 'auth' },
  { path: '/orders/:id', page: OrderDetailPage, guard: 'auth' },
  { path: '/account/addresses', page: AddressBookPage, guard: 'auth' },
  { path: '/notifications', page: NotificationsPage, guard: 'auth' },
  { path: '/login', page: LoginPage },
  { path: '/register', page: RegisterPage },
  { path: '/seller/dashboard', page: SellerDashboardPage, guard: 'seller' },
  { path: '/seller/listings', page: SellerListingsPage, guard: 'seller' },
  { path: '/seller/add-listing', page: AddListingPage, guard: 'seller' },
  { path: '/seller/profile', page: SellerProfilePage, guard: 'seller' },
  { path: '/seller/shipments/:id/slip', page: PackingSlipPage, guard: 'seller' },
  { path: '/guides', page: GuidesPage },
  { path: '/guides/:slug', page: GuidePage },
  { path: '/help', page: HelpPage },
];

/**
 * The route a path shows; undefined means the not-found page. It matches as Switch does: wouter's matchRoute
 * with wouter's own pattern parser (regexparam), so a trailing slash or another letter case picks the same page.
 */
function routeFor(pathname: string): PageRoute | undefined {
  return ROUTES.find((route) => matchRoute(parsePattern, route.path, pathname)[0]);
}

/**
 * Loads the code of the page at `pathname`. Resolves to what the server may render there: 'page', 'not-found',
 * or 'guarded' (a page for signed-in users, which the browser alone renders).
 */
export async function preloadPage(pathname: string): Promise<'page' | 'not-found' | 'guarded'> {
  const route = routeFor(pathname);
  if (route?.guard) return 'guarded';
  await (route?.page ?? NotFoundPage).preload();
  return route ? 'page' : 'not-found';
}

/**
 * The loader of the page at `pathname` (once preloadPage has loaded its code), with the route's parameters as the
 * router matches them; undefined for a page without one (it is rendered the old way: rendered, its queries fetched,
 * rendered again).
 */
export function pageLoader(
  pathname: string,
): { load: PageLoader; params: Record<string, string | undefined> } | undefined {
  const route = routeFor(pathname);
  const load = route && !route.guard ? route.page.loader() : undefined;
  if (!route || !load) return undefined;
  const [, params] = matchRoute(parsePattern, route.path, pathname);
  return { load, params: params ?? {} };
}

function guarded(route: PageRoute, params: Record<string, string | undefined>): ReactNode {
  const Page = route.page;
  if (route.guard === 'seller')
    return (
      <RequireSeller>
        <Page />
      </RequireSeller>
    );
  // The order page returns to itself after signing in; the others to the address they were reached by.
  const returnTo = params.id === undefined ? route.path : `/orders/${encodeURIComponent(params.id)}`;
  return (
    <RequireAuth returnTo={returnTo}>
      <Page />
    </RequireAuth>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {ROUTES.map((route) => (
          <Route key={route.path} path={route.path}>
            {(params) => (route.guard ? guarded(route, params) : <route.page />)}
          </Route>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
      <InteractiveMark />
    </Suspense>
  );
}
