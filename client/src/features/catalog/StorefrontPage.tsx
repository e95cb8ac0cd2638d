import type { Storefront } from '@domain/catalog/responses';
import { storefrontHead } from '@domain/seo';
import { holidayNotice, shipDaysText } from '@domain/shipping/arrival';
import { ratesLines } from '@domain/shipping/rates';
import { stateName } from '@domain/shipping/states';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, CalendarDays, MapPin, Store, Truck } from 'lucide-react';
import { useRef } from 'react';
import { useParams } from 'wouter';
import { useDocumentTitle, usePageHead, useSiteOrigin } from '@/components/PageStatus';
import { RatingSummary } from '@/components/StarRating';
import { Skeleton } from '@/components/ui/Skeleton';
import { AddToCartButton } from '@/features/cart/lazy';
import { loadVisitorPlace, shippingQueries, useDestination, useZone } from '@/features/shipping';
import type { PageLoader } from '@/lib/server-render';
import { catalogQueries } from './api';
import { Breadcrumb } from './components/Breadcrumb';
import { CatalogBrowser } from './components/CatalogBrowser';
import { CatalogNotFound } from './components/ProductStates';
import { defaultFilters, parseMarketplaceSearch } from './url-state';
import { useMarketplace } from './use-marketplace';

/**
 * What the page asks for before the server renders it for a visitor (PageLoader): the nursery, then, when it has
 * listings, the place of the visitor's ZIP code (it sets the default "Ships to") and the page of them its address
 * names and the filters' counts, as StorefrontListings asks for them.
 */
export const loadStorefrontPage: PageLoader = async ({ params, search, zip, queryClient }) => {
  const { username = '' } = params;
  await queryClient.prefetchQuery(catalogQueries.storefront(username));
  const store = queryClient.getQueryData(catalogQueries.storefront(username).queryKey);
  if (!store || store.listings === 0) return;
  // The cards say how each variety fits the ZIP code's hardiness zone: asked with its place, as the page asks them.
  const [place] = await Promise.all([
    loadVisitorPlace(queryClient, zip),
    zip ? queryClient.prefetchQuery(shippingQueries.zone(zip)) : undefined,
  ]);
  const state = parseMarketplaceSearch(search, defaultFilters(place, store.username));
  await Promise.all([
    queryClient.prefetchQuery(catalogQueries.page(state)),
    queryClient.prefetchQuery(catalogQueries.facets(state.filters)),
  ]);
};

/**
 * /sellers/:username (docs/product.md#storefront): a nursery's page: who it is (name, place, bio, member since, the
 * rating of its listings' reviews), its licence and certificates, its shipping policy, and its listings in the
 * marketplace's browser, scoped to it (docs/decisions/0024-storefronts.md). An unknown nursery is a 404 page.
 */
export function StorefrontPage() {
  const { username = '' } = useParams<{ username: string }>();
  const store = useQuery(catalogQueries.storefront(username));
  if (store.isPending) return <StorefrontSkeleton />;
  if (store.isError || !store.data) return <SellerNotFound />;
  // Keyed by seller: another storefront starts again (its own filters' pending edits).
  return <StorefrontView key={store.data.username} store={store.data} />;
}

function StorefrontView({ store }: { store: Storefront }) {
  useDocumentTitle(store.name);
  usePageHead(storefrontHead(store, useSiteOrigin()));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12">
      <Breadcrumb trail={[{ name: 'Marketplace', href: '/marketplace' }]} current={store.name} />

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-10">
        <header className="min-w-0">
          <div className="flex items-start gap-4">
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground sm:size-14">
              <Store className="size-6 sm:size-7" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <h1 className="text-3xl break-words sm:text-4xl">{store.name}</h1>
              {store.name !== store.username && (
                <p className="mt-1 text-sm break-all text-muted-foreground">{store.username}</p>
              )}
            </div>
          </div>
          <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted-foreground">
            {store.location && (
              <li className="flex items-center gap-1.5">
                <MapPin className="size-4 shrink-0" aria-hidden="true" />
                <span className="sr-only">Location:</span>
                {store.location}
              </li>
            )}
            <li className="flex items-center gap-1.5">
              <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
              Member since {memberSince(store.memberSince)}
            </li>
            <li>{listingsLabel(store.listings)}</li>
          </ul>
          <RatingSummary className="mt-3" rating={store.rating} />
          {store.bio && (
            <div className="mt-4 grid max-w-3xl gap-3 leading-relaxed">
              {store.bio.split(/\n{2,}/).map((paragraph) => (
                <p key={paragraph} className="whitespace-pre-line break-words">
                  {paragraph}
                </p>
              ))}
            </div>
          )}
        </header>

        <ShippingPolicy store={store} />
      </div>

      <h2 className="mt-10 text-2xl">Listings</h2>
      {store.listings === 0 ? (
        <p className="mt-4 text-muted-foreground">{store.name} has nothing for sale yet.</p>
      ) : (
        <StorefrontListings username={store.username} />
      )}
    </div>
  );
}

/** The nursery's listings in the marketplace's browser, scoped to it. */
function StorefrontListings({ username }: { username: string }) {
  const resultsRef = useRef<HTMLElement>(null);
  const destination = useDestination();
  // Asked before the listings, as the server's render in rounds first meets it (while the place is still unknown).
  const zone = useZone(destination.zip).data?.zone ?? null;
  const m = useMarketplace(resultsRef, destination, username);
  return (
    <CatalogBrowser
      className="mt-6"
      m={m}
      resultsRef={resultsRef}
      zone={zone}
      productAction={(product) => <AddToCartButton product={product} />}
    />
  );
}

/** "Member since November 2026", the same on the server and in any browser's time zone. */
function memberSince(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function listingsLabel(n: number): string {
  if (n === 0) return 'No listings yet';
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'listing' : 'listings'}`;
}

/** Where its plants ship from, how soon, where they do not go, and what licence and certificates it holds. */
function ShippingPolicy({ store }: { store: Storefront }) {
  const { shipFromState, handlingDays, blockedStates, shipDays, holiday, rates } = store.shipping;
  return (
    <section aria-labelledby="policy-heading" className="h-fit rounded-lg border bg-card p-5">
      <h2 id="policy-heading" className="flex items-center gap-2 font-sans text-base font-semibold">
        <Truck className="size-4" aria-hidden="true" />
        Shipping policy
      </h2>
      <dl className="mt-3 grid gap-3 text-sm">
        <div>
          <dt className="text-muted-foreground">Ships from</dt>
          <dd className="font-medium">{shipFromState ? stateName(shipFromState) : 'Not set yet'}</dd>
        </div>
        {holiday && (
          <div>
            <dt className="text-muted-foreground">Holiday</dt>
            <dd className="font-medium">{holidayNotice(holiday)}</dd>
          </div>
        )}
        <div>
          <dt className="text-muted-foreground">Handling time</dt>
          <dd className="font-medium">
            Ships within {handlingDays} {handlingDays === 1 ? 'day' : 'days'} of an order
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Shipping rates</dt>
          {ratesLines(rates).map((line) => (
            <dd key={line} className="mt-0.5 font-medium">
              {line}
            </dd>
          ))}
        </div>
        <div>
          <dt className="text-muted-foreground">Ship days</dt>
          <dd className="font-medium">{shipDaysText(shipDays)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Does not ship to</dt>
          <dd className="font-medium">
            {blockedStates.length === 0
              ? 'No state by choice (state plant rules still apply)'
              : blockedStates.map(stateName).join(', ')}
          </dd>
        </div>
        {store.licence && (
          <div>
            <dt className="text-muted-foreground">Nursery licence</dt>
            <dd className="font-medium break-words">{store.licence}</dd>
          </div>
        )}
        {store.certificates.length > 0 && (
          <div>
            <dt className="text-muted-foreground">Certificates on file</dt>
            {store.certificates.map((c) => (
              <dd key={c.kind} className="mt-1 flex gap-1.5">
                <BadgeCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>
                  {c.label}, valid through {c.expiresOn}
                </span>
              </dd>
            ))}
          </div>
        )}
      </dl>
    </section>
  );
}

function StorefrontSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading nursery"
      className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12"
    >
      <Skeleton className="h-4 w-48" />
      <div className="mt-6 flex items-start gap-4">
        <Skeleton className="size-14 rounded-full" />
        <div className="grid flex-1 gap-3">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-4 w-64" />
          <Skeleton className="h-16 w-full max-w-3xl" />
        </div>
      </div>
    </div>
  );
}

/** A username that is not a nursery's (docs/product.md#errors): a 404 page. */
function SellerNotFound() {
  return (
    <CatalogNotFound
      icon={<Store className="size-12 text-muted-foreground" aria-hidden="true" />}
      title="Nursery Not Found"
    >
      There is no nursery at this address. It may have a new name.
    </CatalogNotFound>
  );
}
