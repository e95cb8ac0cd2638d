import type { ShipsAs } from '@domain/constants';
import type { Order } from '@domain/orders/responses';
import type { ShippingCheck } from '@domain/shipping/responses';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from '../../server/src/db/schema';
import {
  CALIFORNIA_ADDRESS,
  Client,
  createTestApp,
  registerUser,
  shippingDay,
  type TestApp,
} from '../support/app';
import { signUpNursery } from '../support/fixtures';

// The per-state plant shipping rules where a buyer meets them (docs/product.md#shipping-rules): the check the
// product page and the cart ask, and checkout, which refuses a cart with a line that may not go to the address.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const FLORIDA = { name: 'Flo Buyer', line1: '100 Biscayne Blvd', city: 'Miami', state: 'FL', zip: '33132' };

/**
 * A Florida nursery, which does not ship to `blockedStates`, with a listing that ships as `shipsAs` (and has
 * `quantity` in stock when told).
 */
async function floridaListing(
  shipsAs: ShipsAs,
  { blockedStates = [], ...stock }: { blockedStates?: string[]; quantity?: number } = {},
) {
  const form = shipsAs === 'seeds' ? 'seed' : shipsAs === 'unrooted-cutting' ? 'cutting' : 'rooted';
  const nursery = await signUpNursery(t, {
    profile: { blockedStates },
    listing: { form, shipsAs, ...stock },
  });
  return { sellerId: nursery.id, listing: nursery.listing };
}

// Written straight in the database: the profile save refuses a certificate that has already expired.
async function certify(sellerId: number, kind: string, expiresOn: string) {
  await t.database.db.execute(
    sql`insert into seller_certificates (seller_id, kind, number, expires_on)
        values (${sellerId}, ${kind}, ${`CERT-${sellerId}`}, ${expiresOn}::date)`,
  );
}

const check = (state: string, ids: number[]) =>
  new Client(t.server).get<ShippingCheck[]>(`/api/shipping/check?state=${state}&products=${ids.join(',')}`);

describe('GET /api/shipping/check', () => {
  it("says a Florida potted plant can't go to California, and why, with the rule's source; seeds can", async () => {
    const potted = (await floridaListing('potted')).listing;
    const seeds = (await floridaListing('seeds')).listing;
    const res = await check('CA', [potted.id, seeds.id, 2_000_000_000]);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    const [blocked, allowed] = res.body;
    expect(blocked).toMatchObject({ productId: potted.id, status: 'blocked' });
    // The line is in a grower's words; the rule's own wording is beside it, for "The rule".
    expect(blocked?.text).toBe(
      "Can't ship to CA: California lets in cuttings and plants from Florida only with a nematode quarantine certificate, and this nursery does not have one on file.",
    );
    expect(blocked?.status === 'blocked' && blocked.reason).toMatch(/^California nematode quarantine/);
    expect(blocked?.status === 'blocked' && blocked.sourceUrl).toMatch(/^https:\/\//);
    expect(allowed).toEqual({ productId: seeds.id, status: 'allowed', text: 'Ships to CA' });
    // In its own state, anything goes.
    expect((await check('FL', [potted.id])).body[0]).toMatchObject({
      status: 'allowed',
      text: 'Ships to FL',
    });
  });

  it('lets a seller with a valid certificate ship; an expired one counts as none, the expiry day as valid', async () => {
    const { sellerId, listing } = await floridaListing('unrooted-cutting');
    await certify(sellerId, 'ca-nematode', shippingDay(-1));
    expect((await check('CA', [listing.id])).body[0]?.status).toBe('blocked');
    await t.database.db.execute(
      sql`update seller_certificates set expires_on = ${shippingDay(0)}::date where seller_id = ${sellerId}`,
    );
    expect((await check('CA', [listing.id])).body[0]?.status).toBe('allowed');
  });

  it("honours a seller's own blocked states", async () => {
    const { listing } = await floridaListing('seeds', { blockedStates: ['NY'] });
    expect((await check('NY', [listing.id])).body[0]).toMatchObject({
      status: 'blocked',
      text: "Can't ship to NY: This nursery does not ship to New York.",
    });
  });

  it('refuses an unknown state and malformed or too many ids with 400, naming the parameter', async () => {
    const client = new Client(t.server);
    for (const url of [
      '/api/shipping/check?state=XX&products=1',
      '/api/shipping/check?state=CA&products=abc',
      '/api/shipping/check?state=CA&products=0',
      '/api/shipping/check?state=CA&products=',
      '/api/shipping/check?state=CA',
      `/api/shipping/check?state=CA&products=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
      '/api/shipping/check?state=%00&products=1',
    ]) {
      const res = await client.get<{ message: string }>(url);
      expect(res.status, url).toBe(400);
    }
  });
});

describe('checkout under the shipping rules', () => {
  it("answers 409 naming each line that can't ship to the address, writing nothing; another address goes through", async () => {
    const potted = (await floridaListing('potted')).listing;
    const cutting = (await floridaListing('unrooted-cutting')).listing;
    const seeds = (await floridaListing('seeds')).listing;
    const { client } = await registerUser(t.server, { address: CALIFORNIA_ADDRESS });
    for (const p of [potted, cutting, seeds])
      await client.post('/api/cart', { productId: p.id, quantity: 1 });

    const refused = await client.post<{ message: string; errors: Record<string, string> }>('/api/orders', {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Some items can't ship to CA: /);
    expect(refused.body.message).toContain(potted.title);
    expect(refused.body.message).toContain(cutting.title);
    expect(refused.body.message).not.toContain(seeds.title);
    expect(Object.keys(refused.body.errors).sort()).toEqual([String(potted.id), String(cutting.id)].sort());
    expect(refused.body.errors[String(potted.id)]).toBe(
      "Can't ship to CA: California lets in cuttings and plants from Florida only with a nematode quarantine certificate, and this nursery does not have one on file.",
    );
    const written = await t.database.db
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(sql`${orderItems.productId} in (${potted.id}, ${cutting.id}, ${seeds.id})`);
    expect(written).toEqual([]);
    expect((await client.get<unknown[]>('/api/cart')).body).toHaveLength(3);

    // Shipped to a Florida address instead, the same cart is an order.
    const florida = await client.post<{ id: number }>('/api/addresses', FLORIDA);
    const placed = await client.post<Order>('/api/orders', { addressId: florida.body.id });
    expect(placed.status).toBe(201);
    expect(placed.body.items).toHaveLength(3);
    expect(placed.body.shipTo?.state).toBe('FL');
  });

  it('still sells the last unit once when twenty California and Florida buyers race for it', async () => {
    const { listing } = await floridaListing('seeds', { quantity: 1 });
    const buyers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        registerUser(t.server, { address: i % 2 ? CALIFORNIA_ADDRESS : FLORIDA }),
      ),
    );
    for (const { client } of buyers) await client.post('/api/cart', { productId: listing.id, quantity: 1 });
    const answers = await Promise.all(buyers.map(({ client }) => client.post('/api/orders', {})));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
  });
});
