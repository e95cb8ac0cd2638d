import { SHIP_ZIP_COOKIE, SHIP_ZIP_MAX_AGE_SECONDS } from '@domain/shipping/addresses';
import type { StateCode } from '@domain/shipping/states';
import { isStateCode } from '@domain/shipping/states';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useServerRender } from '@/lib/server-render';
import { useSession } from '@/lib/session';
import { shippingQueries, useAddresses, useShippingChecks, useZipPlace } from './api';
import { shipToOf, useChosenAddressId } from './chosen-address';

/** The cookie that remembers the ZIP code a visitor (or a buyer without an address) typed, for 180 days. */

const listeners = new Set<() => void>();

function readZipCookie(): string | null {
  if (typeof document === 'undefined') return null;
  const match = document.cookie.match(/(?:^|;\s*)ship_zip=(\d{5})(?:;|$)/);
  return match ? (match[1] ?? null) : null;
}

/** Remembers the ZIP code typed on a product page (null forgets it). */
export function rememberZip(zip: string | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one first-party cookie of five digits, written the way every browser takes (the Cookie Store API is not in all of them).
  document.cookie = zip
    ? `${SHIP_ZIP_COOKIE}=${zip}; Max-Age=${SHIP_ZIP_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`
    : `${SHIP_ZIP_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
  for (const listener of listeners) listener();
}

/**
 * The remembered ZIP code. A page rendered on the server renders for the one the request's cookie held (the
 * ServerRender's zip), and the browser adopts it with the same cookie, so a visitor's product page says where it
 * can ship before any JavaScript runs (and without it).
 */
function useZipCookie(): string | null {
  const server = useServerRender();
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readZipCookie,
    () => (server ? (server.zip ?? null) : readZipCookie()),
  );
}

/**
 * A visitor's place before their page is rendered on the server (a page's loader): the state of their ZIP code, as
 * useDestination finds it for someone not signed in, its lookup fetched into `queryClient`; null without a code, or
 * for a code that names no place.
 */
export async function loadVisitorPlace(
  queryClient: QueryClient,
  zip: string | null,
): Promise<StateCode | null> {
  if (zip === null) return null;
  await queryClient.prefetchQuery(shippingQueries.zip(zip));
  const state = queryClient.getQueryData(shippingQueries.zip(zip).queryKey)?.state;
  return state && isStateCode(state) ? state : null;
}

export interface Destination {
  state: StateCode | null;
  /** Where the state comes from: the address the cart ships to, or a ZIP code typed (a visitor's). */
  source: 'address' | 'zip' | null;
  zip: string | null;
  /** The ZIP code typed is one the ZIP tables do not know. */
  unknownZip: boolean;
  /**
   * False while the answer may still change: the session, the address book or the ZIP code's place is loading.
   * The marketplace waits for it before asking for results its default filter depends on.
   */
  settled: boolean;
}

/**
 * Where the buyer's plants would go (docs/product.md#shipping-rules): the state of the address the cart ships to
 * (the chosen one, else the default), or else of the ZIP code typed on a product page, remembered in a cookie.
 */
export function useDestination(): Destination {
  const { user, isLoading } = useSession();
  const addresses = useAddresses();
  const shipTo = shipToOf(addresses.data, useChosenAddressId());
  const zip = useZipCookie();
  const lookUp = !shipTo && zip ? zip : null;
  const place = useZipPlace(lookUp);
  const settled =
    !isLoading &&
    (user === null || addresses.status !== 'pending') &&
    (lookUp === null || place.status !== 'pending');
  if (user && shipTo)
    return { state: shipTo.state, source: 'address', zip: shipTo.zip, unknownZip: false, settled: true };
  const state = place.data?.state;
  if (zip && state && isStateCode(state)) return { state, source: 'zip', zip, unknownZip: false, settled };
  return { state: null, source: null, zip, unknownZip: zip !== null && place.isSuccess && !state, settled };
}

/** Why one cart line may not ship where the cart goes. */
export interface ShippingProblem {
  text: string;
  sourceUrl: string | null;
}

/** What the cart says of the lines that may not ship where it goes (and why Checkout waits). */
export interface ShippingProblems {
  /** The buyer's line per listing id ("Can't ship to CA: …", a grower's words) and the rule's source, if any. */
  byProduct: Map<number, ShippingProblem>;
  /** Above Checkout while any line may not ship: what to do about it; null when every line may. */
  notice: string | null;
}

/**
 * The cart's lines that may not ship where the cart goes (docs/product.md#shipping-rules); none while the
 * destination or the answers are unknown. Changing the address asks again at once.
 */
export function useShippingProblems(productIds: readonly number[]): ShippingProblems {
  const { state } = useDestination();
  const checks = useShippingChecks(state, productIds);
  const byProduct = new Map(
    (checks.data ?? []).flatMap((c) =>
      c.status === 'blocked' ? [[c.productId, { text: c.text, sourceUrl: c.sourceUrl }] as const] : [],
    ),
  );
  const n = byProduct.size;
  const notice =
    n === 0 || !state
      ? null
      : `${n === 1 ? 'An item' : `${n} items`} can't ship to ${state}: remove ${n === 1 ? 'it' : 'them'} or choose another address to check out.`;
  return { byProduct, notice };
}
