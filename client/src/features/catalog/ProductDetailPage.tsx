import type { Product, ProductDetail as ProductDetailData } from '@domain/catalog/responses';
import { formPath, varietyPath } from '@domain/catalog/topics';
import { FORM_FILTER_LABELS, FORM_LABELS, POLLINATION_LABELS } from '@domain/constants';
import { cuttingSizeChip } from '@domain/listings/plant-facts';
import { formatUSD } from '@domain/money';
import { productHead } from '@domain/seo';
import { holidayNotice, holidayText } from '@domain/shipping/arrival';
import { FREIGHT_TEXT, freeOverText, rateText } from '@domain/shipping/rates';
import { MapPin, PackageCheck, PackageX, ShoppingCart, Store } from 'lucide-react';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { useDocumentTitle, usePageHead, useSiteOrigin } from '@/components/PageStatus';
import { SellerLink } from '@/components/SellerLink';
import { RatingSummary } from '@/components/StarRating';
import { TextSeparator } from '@/components/TextSeparator';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/Tabs';
import {
  AddToCartButton,
  NOT_TAKING_ORDERS,
  signInToAdd,
  useAddAfterSignIn,
  useAddToCart,
} from '@/features/cart/lazy';
import { ProductReviews, reviewQueries } from '@/features/reviews';
import {
  loadVisitorPlace,
  ShipsToNotice,
  shippingQueries,
  useDestination,
  useShippingChecks,
  ZoneFitNotice,
} from '@/features/shipping';
import { usePostedForm } from '@/lib/posted-form';
import { type PageLoader, useHydrated } from '@/lib/server-render';
import { useSession } from '@/lib/session';
import { catalogQueries } from './api';
import { Breadcrumb } from './components/Breadcrumb';
import { GrowingInfo } from './components/GrowingInfo';
import { PlantFacts } from './components/PlantFacts';
import { ProductGallery } from './components/ProductGallery';
import { ProductDetailSkeleton, ProductNotFound } from './components/ProductStates';
import { QuantitySelector } from './components/QuantitySelector';
import { RelatedProducts } from './components/RelatedProducts';
import { parseProductId, useProduct } from './product-api';

/** /product/:id (docs/product.md#screens): the id must be numeric or no request is made. */
export function ProductDetailPage() {
  const params = useParams<{ id: string }>();
  const id = parseProductId(params.id);
  const product = useProduct(id);

  if (id === null) return <ProductNotFound />;
  if (product.isPending) return <ProductDetailSkeleton />;
  if (product.isError || !product.data) return <ProductNotFound />;
  // Keyed by id so moving to a related product starts again (quantity 1, first tab).
  return <ProductDetail key={product.data.id} product={product.data} />;
}

/**
 * What the page asks for before the server renders it for a visitor (PageLoader): the listing, then, when it
 * exists, its reviews and related listings, and the place of the visitor's ZIP code and whether the listing may
 * ship there (PurchaseControls and ShipsToNotice). An unknown listing is the not-found page, which asks for nothing
 * more.
 */
export const loadProductDetailPage: PageLoader = async ({ params, zip, queryClient }) => {
  const id = parseProductId(params.id);
  if (id === null) return;
  await queryClient.prefetchQuery(catalogQueries.product(id));
  if (!queryClient.getQueryData(catalogQueries.product(id).queryKey)) return;
  const checkShipping = async () => {
    const place = await loadVisitorPlace(queryClient, zip);
    if (place) await queryClient.prefetchQuery(shippingQueries.check(place, [id]));
  };
  await Promise.all([
    queryClient.prefetchQuery(reviewQueries.list(id)),
    queryClient.prefetchQuery(catalogQueries.related(id)),
    checkShipping(),
    // How the variety fits the ZIP code's hardiness zone (ZoneFitNotice).
    zip === null ? undefined : queryClient.prefetchQuery(shippingQueries.zone(zip)),
  ]);
};

type Tab = 'description' | 'growing' | 'reviews';
const TABS: readonly Tab[] = ['description', 'growing', 'reviews'];

/** A tab's own address: the server renders the page with that tab open, so a tab is a link before adoption. */
function tabHref(productId: number, tab: Tab): string {
  return tab === 'description' ? `/product/${productId}` : `/product/${productId}?tab=${tab}`;
}

/**
 * The open tab is the address's `tab` (description when absent or unknown). Each tab is a link to its address, so
 * it works before the page is adopted and without JavaScript (the server renders that tab); once adopted, Radix
 * moves between them in place and the address follows (replaced, not pushed).
 */
function useProductTab(productId: number) {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const asked = params.get('tab');
  const tab: Tab = TABS.find((t) => t === asked) ?? 'description';
  const setTab = (next: Tab) => {
    if (next !== tab) navigate(tabHref(productId, next), { replace: true });
  };
  return [tab, setTab] as const;
}

function ProductDetail({ product }: { product: ProductDetailData }) {
  useDocumentTitle(product.title);
  usePageHead(productHead(product, useSiteOrigin()));
  const [tab, setTab] = useProductTab(product.id);
  const showReviews = (event: MouseEvent) => {
    event.preventDefault();
    setTab('reviews');
    document.getElementById('product-tabs')?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <Breadcrumb
        trail={[
          { name: 'Marketplace', href: '/marketplace' },
          { name: product.variety, href: varietyPath(product.variety) },
        ]}
        current={product.title}
      />

      <div className="mt-6 grid gap-8 md:grid-cols-2 lg:gap-12">
        <ProductGallery product={product} />

        <div className="flex flex-col gap-5">
          <div>
            <p className="text-sm font-medium tracking-wide text-muted-foreground uppercase">
              <Link href={varietyPath(product.variety)} className="rounded-sm hover:text-primary">
                {product.variety}
              </Link>
              <span aria-hidden="true"> · </span>
              <Link href={formPath(product.form)} className="rounded-sm hover:text-primary">
                {FORM_FILTER_LABELS[product.form]}
              </Link>
            </p>
            <h1 className="mt-1 text-3xl leading-tight lg:text-4xl">{product.title}</h1>
          </div>

          <ProductBadges product={product} />

          {product.rating.count > 0 ? (
            // A link to the Reviews tab's address, so it works before adoption too.
            <a
              href={`${tabHref(product.id, 'reviews')}#product-tabs`}
              onClick={showReviews}
              className="w-fit rounded-md text-left hover:underline"
              aria-label={`${product.rating.average?.toFixed(1)} out of 5 from ${product.rating.count} ${product.rating.count === 1 ? 'review' : 'reviews'}: read the reviews`}
            >
              <RatingSummary as="span" rating={product.rating} />
            </a>
          ) : (
            <RatingSummary rating={product.rating} />
          )}

          <div>
            <p className="text-3xl font-semibold tabular-nums">{formatUSD(product.price)}</p>
            <ShippingRateLine product={product} />
          </div>

          <StockLine product={product} />

          {/* Where it may ship matters only once its nursery takes orders. */}
          {product.seller.takingOrders && <ShipsToNotice productId={product.id} />}

          <ZoneFitNotice variety={product.variety} />

          <PurchaseControls product={product} />

          <PlantFacts product={product} />

          <SellerBox seller={product.seller} />
        </div>
      </div>

      <Tabs
        id="product-tabs"
        value={tab}
        onValueChange={(v) => setTab(v as Tab)}
        className="mt-12 scroll-mt-36 lg:scroll-mt-24"
      >
        <TabsList className="w-full sm:w-auto">
          {(
            [
              ['description', 'Description'],
              ['growing', 'Growing Info'],
              ['reviews', 'Reviews'],
            ] as const
          ).map(([value, label]) => (
            <TabsTrigger key={value} value={value} asChild>
              <Link href={tabHref(product.id, value)} replace>
                {label}
              </Link>
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="description" className="mt-6 max-w-3xl">
          <h2 className="text-2xl">About this plant</h2>
          <div className="mt-3 grid gap-3 leading-relaxed">
            {product.description.split(/\n{2,}/).map((paragraph) => (
              <p key={paragraph} className="whitespace-pre-line">
                {paragraph}
              </p>
            ))}
          </div>
        </TabsContent>
        <TabsContent value="growing" className="mt-6">
          <GrowingInfo product={product} />
        </TabsContent>
        {/* Always rendered (hidden unless open): the reviews are in the server's HTML, for search engines too. */}
        <TabsContent value="reviews" forceMount className="mt-6 max-w-3xl data-[state=inactive]:hidden">
          <ProductReviews product={product} />
        </TabsContent>
      </Tabs>

      <RelatedProducts productId={product.id} action={(related) => <AddToCartButton product={related} />} />
    </div>
  );
}

/**
 * The listing's chips: organic, pesticide-free, its form, a cutting's size (its length itself when it has one, as
 * "14 inch (36cm)": the length is the truth, cuttingSizeChip) and pollination.
 */
function ProductBadges({ product }: { product: Product }) {
  const size = product.form === 'cutting' ? cuttingSizeChip(product.cuttingSize, product.lengthInches) : null;
  return (
    <ul aria-label="Product details" className="flex flex-wrap gap-2">
      {product.organic && (
        <li>
          <Badge variant="cactus">Organic</Badge>
        </li>
      )}
      {product.pesticideFree && (
        <li>
          <Badge variant="cactus">Pesticide-free</Badge>
        </li>
      )}
      <li>
        <Badge variant="secondary">{FORM_LABELS[product.form]}</Badge>
      </li>
      {size && (
        <li>
          <Badge variant="secondary">{size}</Badge>
        </li>
      )}
      {product.pollination && (
        <li>
          <Badge variant="secondary">{POLLINATION_LABELS[product.pollination]}</Badge>
        </li>
      )}
    </ul>
  );
}

function StockLine({ product }: { product: Product }) {
  if (!product.inStock || product.quantity < 1) {
    return (
      <p className="flex items-center gap-2 font-medium text-destructive">
        <PackageX className="size-5" aria-hidden="true" />
        Out of stock
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 font-medium text-cactus">
      <PackageCheck className="size-5" aria-hidden="true" />
      In stock: {product.quantity} available
    </p>
  );
}

/** Quantity (1 to the units available) and Add to Cart; a visitor is sent to sign in first. */
function PurchaseControls({ product }: { product: Product }) {
  const [, navigate] = useLocation();
  const posted = usePostedForm(`/product/${product.id}`);
  const [quantity, setQuantity] = useState(() => {
    const asked = Number(posted?.values.quantity);
    return Number.isInteger(asked) && asked >= 1 && asked <= Math.max(product.quantity, 1) ? asked : 1;
  });
  const { add, isPending } = useAddToCart({
    onSignedOut: () => navigate(signInToAdd(product.id, quantity)),
  });
  const { user } = useSession();
  useAddAfterSignIn(product, (n) => {
    if (product.seller.takingOrders && !product.freight) add(product, n);
  });
  const available = product.inStock && product.quantity > 0;
  // Where the buyer's plants go, when known: a listing that may not go there can still be added (for another
  // address), and the button says so, from the same check as the notice above it.
  const { state } = useDestination();
  const checks = useShippingChecks(state, [product.id]);
  const refused = checks.data?.find((c) => c.productId === product.id)?.status === 'blocked';
  // A visitor's Add to Cart is a link made with the quantity: the field is not ready (disabled) until adoption.
  const hydrated = useHydrated();
  // A seller cannot buy their own listing: say so instead of offering a button that fails.
  if (user?.id === product.sellerId) {
    return (
      <NotForSale label="Your listing">
        <Link href="/seller/listings" className="underline-offset-4 hover:underline">
          Manage it in your listings
        </Link>
      </NotForSale>
    );
  }

  // Its nursery cannot take a buyer's payment yet: say so rather than offer a cart checkout would refuse.
  if (!product.seller.takingOrders) {
    return (
      <NotForSale label={NOT_TAKING_ORDERS}>
        {/* The cart's words for the same thing (server/src/modules/payments/payability.ts). */}
        {product.seller.name} is not taking payments yet, so its plants can't be bought for now.
      </NotForSale>
    );
  }

  // It ships by freight: bought by contacting its nursery, never through the cart (docs/product.md#shipping-rates).
  if (product.freight) {
    return (
      <NotForSale label={FREIGHT_TEXT}>
        This plant is too tall to ship as a parcel: contact{' '}
        <SellerLink seller={product.seller} className="font-medium" /> to arrange freight and buy it.
      </NotForSale>
    );
  }

  // A signed-in buyer's Add to Cart is a form the server answers too (POST /cart/add, then the cart), so a tap
  // before the page is adopted is not lost; once adopted, the page adds it in place. A refusal of such a post
  // comes back as this page with its message (`posted`).
  const signedInAdd = available && user !== null;
  const controls = (
    <>
      <div className="flex flex-wrap items-end gap-4">
        {signedInAdd && <input type="hidden" name="productId" value={product.id} />}
        <QuantitySelector
          id="quantity"
          name={signedInAdd ? 'quantity' : undefined}
          value={quantity}
          max={product.quantity}
          onChange={setQuantity}
          disabled={!available || (!signedInAdd && !hydrated)}
        />
        {available && !user ? (
          // A visitor signs in first, and comes back to the plant with it added.
          <Button size="lg" className="min-w-44" asChild>
            <Link href={signInToAdd(product.id, quantity)}>
              <ShoppingCart aria-hidden="true" />
              {refused ? `Add to Cart (can't ship to ${state})` : 'Add to Cart'}
            </Link>
          </Button>
        ) : available ? (
          <Button type="submit" size="lg" className="min-w-44" disabled={isPending}>
            <ShoppingCart aria-hidden="true" />
            {isPending ? 'Adding...' : refused ? `Add to Cart (can't ship to ${state})` : 'Add to Cart'}
          </Button>
        ) : (
          <Button size="lg" variant="secondary" className="min-w-44" disabled>
            Out of Stock
          </Button>
        )}
      </div>
      {posted?.message && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {posted.message.title}: {posted.message.description}
        </p>
      )}
    </>
  );
  if (!signedInAdd) return <div className="grid gap-2">{controls}</div>;
  return (
    <form
      method="post"
      action="/cart/add"
      onSubmit={(event) => {
        event.preventDefault();
        add(product, quantity);
      }}
      className="grid gap-2"
    >
      {controls}
    </form>
  );
}

function SellerBox({ seller }: { seller: Product['seller'] }) {
  return (
    <div className="flex items-start gap-3 rounded-lg border bg-card p-4">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Store className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">Sold by</p>
        <p className="font-medium break-words">
          <SellerLink seller={seller} />
        </p>
        {seller.location && (
          <p className="mt-1 flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">Location:</span>
            {seller.location}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * What shipping it costs from its nursery (docs/product.md#shipping-rates): the rate of what it ships as, and the
 * nursery's free-shipping threshold. The cart adds each nursery's shipment up.
 */
function ShippingRateLine({ product }: { product: ProductDetailData }) {
  const { first, additional, freeOver, holiday } = product.shipping;
  return (
    <>
      <p className="mt-1 text-sm text-muted-foreground">
        Shipping: {rateText({ first, additional })}
        {freeOver !== null && (
          <>
            <TextSeparator />
            {freeOverText(freeOver)}
          </>
        )}
      </p>
      {/* A nursery on a holiday pause: when it ships again, or that it takes no orders until then. */}
      {holiday && (
        <p className="mt-1 text-sm font-medium">
          {holiday.takeOrders ? holidayText(holiday.until) : holidayNotice(holiday)}
        </p>
      )}
    </>
  );
}

/** In place of Add to Cart when the buyer cannot buy the listing online: a disabled button saying so, and why. */
function NotForSale({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <Button size="lg" variant="secondary" className="min-w-44 justify-self-start" disabled>
        {label}
      </Button>
      <p className="text-sm text-muted-foreground">{children}</p>
    </div>
  );
}
