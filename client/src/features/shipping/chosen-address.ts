import type { HardinessZone, StateCode } from '@domain/shipping';
import type { Address } from '@domain/shipping/responses';
import { useSyncExternalStore } from 'react';
import { useAddresses, useZone } from './api';

/**
 * The address the buyer chose to ship this cart to, shared by the cart panel and the cart page (the panel unmounts
 * when it closes) for the tab's life. Null: the default address. A choice that is no longer in the address book
 * (deleted meanwhile) falls back to the default.
 */
let chosenId: number | null = null;
const listeners = new Set<() => void>();

export function chooseAddress(id: number | null): void {
  chosenId = id;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The address checkout ships to: the chosen one while it exists, else the default (the first), else none. */
export function shipToOf(addresses: readonly Address[] | undefined, id: number | null): Address | null {
  if (!addresses || addresses.length === 0) return null;
  return addresses.find((a) => a.id === id) ?? addresses.find((a) => a.isDefault) ?? addresses[0] ?? null;
}

/**
 * The address checkout ships to (shipToOf over the address book and the buyer's choice), and whether the address
 * book is known: without one, checkout says "Add a shipping address" only once it is.
 */
export function useShipTo(): { address: Address | null; known: boolean } {
  const addresses = useAddresses();
  return { address: shipToOf(addresses.data, useChosenAddressId()), known: addresses.isSuccess };
}

/** The id the buyer chose (null for the default), as a React value. */
export function useChosenAddressId(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => chosenId,
    () => null,
  );
}

/**
 * Where the cart ships, as its shipments' outlook reads it (domain/shipping/outlook.ts): the ship-to address's state
 * and its ZIP code's hardiness zone (null while unknown, or when the zone table has none). Null without an address.
 */
export function useShipToPlace(): {
  state: StateCode;
  zone: HardinessZone | null;
  /** "Zone 7b (New York, NY)", once the zone is known. */
  zoneLabel: string | null;
} | null {
  const { address } = useShipTo();
  const zone = useZone(address ? address.zip : null);
  if (!address) return null;
  const known = zone.data ?? null;
  return {
    state: address.state,
    zone: known?.zone ?? null,
    zoneLabel: known ? `Zone ${known.zone}${known.place ? ` (${known.place})` : ''}` : null,
  };
}
