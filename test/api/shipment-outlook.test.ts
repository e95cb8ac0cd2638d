import type { Order, SellerShipment } from '@domain/orders/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { addToCart, createListing, signUpBuyer, signUpNursery } from '../support/fixtures';

// What checkout keeps of each shipment's outlook (domain/shipping/outlook.ts): the dates the cart told, and whether
// the cold where it goes holds it or sends it with a heat pack, from the ship-to ZIP code's hardiness zone.
let t: TestApp;
/** The shipping rules' today: a Thursday in January, when New York's nights are too cold for a live plant. */
let today = '2027-01-07';

beforeAll(async () => {
  t = await createTestApp({}, { today: () => today });
});
afterAll(async () => {
  await t?.close();
});

const NEW_YORK = { name: 'NY Buyer', line1: '350 5th Ave', city: 'New York', state: 'NY', zip: '10001' };

/** A Florida nursery (Monday to Wednesday, 3 days' handling) with a potted plant and a packet of seeds. */
async function floridaNursery() {
  const seller = await signUpNursery(t);
  const potted = await createListing(seller.client, {
    form: 'rooted',
    cuttingSize: undefined,
    shipsAs: 'potted',
    price: 30,
  });
  const seeds = await createListing(seller.client, { form: 'seed', cuttingSize: undefined, price: 5 });
  return { seller, potted, seeds };
}

async function ordered(listing: { id: number }, address?: Record<string, unknown>) {
  const buyer = await signUpBuyer(t, address ? { address } : {});
  await addToCart(buyer.client, [{ listing, quantity: 1 }]);
  const res = await buyer.client.post<Order>('/api/orders', {});
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.shipments[0] as Order['shipments'][number];
}

describe("a shipment's outlook, kept at checkout", () => {
  it('dates a plant for Miami from the first ship day after the handling time, not held', async () => {
    const { potted } = await floridaNursery();
    const shipment = await ordered(potted);
    expect(shipment).toMatchObject({
      estimate: { shipOn: '2027-01-11', arriveFrom: '2027-01-12', arriveTo: '2027-01-13' },
      heldUntil: null,
      heatPack: false,
    });
  });

  it('holds a live plant for New York in January, leaving on a ship day after the hold, and tells its nursery', async () => {
    const { seller, potted } = await floridaNursery();
    const shipment = await ordered(potted, NEW_YORK);
    expect(shipment.heldUntil !== null && shipment.heldUntil > '2027-03-01').toBe(true);
    expect(shipment.estimate !== null && shipment.estimate.shipOn >= (shipment.heldUntil ?? '')).toBe(true);
    const seen = (await seller.client.get<SellerShipment>(`/api/seller/shipments/${shipment.id}`)).body;
    expect([seen.heldUntil, seen.estimate]).toEqual([shipment.heldUntil, shipment.estimate]);
  });

  it('never holds seeds, whatever the cold', async () => {
    const { seeds } = await floridaNursery();
    const shipment = await ordered(seeds, NEW_YORK);
    expect([shipment.heldUntil, shipment.heatPack]).toEqual([null, false]);
    expect(shipment.estimate?.shipOn).toBe('2027-01-11');
  });

  it('sends a plant to New York in mid-November with a heat pack', async () => {
    today = '2026-11-12';
    try {
      const { potted } = await floridaNursery();
      const shipment = await ordered(potted, NEW_YORK);
      expect([shipment.heldUntil, shipment.heatPack]).toEqual([null, true]);
    } finally {
      today = '2027-01-07';
    }
  });
});
