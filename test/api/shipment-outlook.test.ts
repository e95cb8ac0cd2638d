import type { NotificationPage } from '@domain/notifications/responses';
import type { Order, SellerShipment } from '@domain/orders/responses';
import { addDays } from '@domain/shipping';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SellerOrderService } from '../../server/src/modules/orders';
import { type Client, createTestApp, markPaid, type TestApp } from '../support/app';
import { addToCart, createListing, signUpBuyer, signUpNursery } from '../support/fixtures';

// What checkout keeps of each shipment's outlook (domain/shipping/outlook.ts): the dates the cart told, and whether
// the cold where it goes holds it or sends it with a heat pack, from the ship-to ZIP code's hardiness zone.
let t: TestApp;
/** The shipping rules' today: a Thursday in January, when New York's nights are too cold for a live plant. */
let today = '2027-01-07';
/** The app's clock (the maintenance's): noon in New York on `today`. */
const clock = () => new Date(`${today}T17:00:00Z`);

beforeAll(async () => {
  t = await createTestApp({}, { today: () => today, now: clock });
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
  return (await orderedBy(listing, address)).shipment;
}

async function orderedBy(listing: { id: number }, address?: Record<string, unknown>) {
  const buyer = await signUpBuyer(t, address ? { address } : {});
  await addToCart(buyer.client, [{ listing, quantity: 1 }]);
  const res = await buyer.client.post<Order>('/api/orders', {});
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { buyer, shipment: res.body.shipments[0] as Order['shipments'][number] };
}

/** The titles of a person's notifications of these kinds. */
const told = async (client: Client, kinds: string[]) =>
  (await client.get<NotificationPage>('/api/notifications')).body.items
    .filter((n) => kinds.includes(n.kind))
    .map((n) => n.title);

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

  it('is released by the maintenance once its day comes, telling the buyer and the nursery, once', async () => {
    const { seller, potted } = await floridaNursery();
    const { buyer, shipment } = await orderedBy(potted, NEW_YORK);
    const heldUntil = shipment.heldUntil as string;
    // Paid, so the unpaid window does not end it meanwhile.
    await markPaid(seller.client, shipment.id);
    const kinds = ['hold-released', 'hold-ended', 'ship-reminder'];
    try {
      // Weeks later, still held: neither released nor late (its handling time counts from the hold's end).
      today = '2027-02-01';
      await t.maintenance();
      expect(await told(buyer.client, kinds)).toEqual([]);
      expect(await told(seller.client, kinds)).toEqual([]);
      // The hold's day: released, each told once, though two instances release at once (on PostgreSQL the second
      // waits for the first's row locks, then finds the shipment released) and the maintenance runs again.
      today = heldUntil;
      const instances = [0, 1].map(() => new SellerOrderService(t.database.db, clock));
      expect((await Promise.all(instances.map((i) => i.releaseHolds()))).sort()).toEqual([0, 1]);
      await t.maintenance();
      expect(await told(buyer.client, kinds)).toEqual([
        `Order #${shipment.orderId}: ${shipment.seller.name}'s plants are no longer held for the cold`,
      ]);
      expect(await told(seller.client, kinds)).toEqual([
        `Order #${shipment.orderId}: its hold for the cold is over`,
      ]);
      // Its handling time after the hold's end, unshipped: the nursery is reminded.
      today = addDays(heldUntil, 4);
      await t.maintenance();
      expect(await told(seller.client, kinds)).toContain(`Order #${shipment.orderId} is waiting to ship`);
    } finally {
      today = '2027-01-07';
    }
  });
});
