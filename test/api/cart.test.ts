import type { CartLine } from '@domain/cart/responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, products } from '../../server/src/db/schema';
import { Client, createTestApp, registerUser, type TestApp, uniqueUsername } from '../support/app';
import { insertListing, insertSeller } from '../support/catalog';

let t: TestApp;
let sellerId: number;

beforeAll(async () => {
  t = await createTestApp();
  sellerId = await insertSeller(t.database.db, uniqueUsername('cart_seller'));
});
afterAll(async () => {
  await t?.close();
});

const listing = (options: Parameters<typeof insertListing>[2] = {}) =>
  insertListing(t.database.db, sellerId, options);

async function lineQuantity(id: number): Promise<number | undefined> {
  const [row] = await t.database.db.select().from(cartItems).where(eq(cartItems.id, id));
  return row?.quantity;
}

describe('the cart API', () => {
  it('answers a visitor with 401 on every cart call, before looking at what was sent', async () => {
    const visitor = new Client(t.server);
    for (const [method, url, body] of [
      ['GET', '/api/cart', undefined],
      ['POST', '/api/cart', { productId: 'x', quantity: -1 }],
      ['PUT', '/api/cart/abc', { quantity: 0 }],
      ['DELETE', '/api/cart/1', undefined],
      ['DELETE', '/api/cart', undefined],
    ] as const) {
      const res = await visitor.request<{ message: string }>(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.message).toBe('Please log in');
    }
  });

  it('adds a product with its nested product, and adding it again adds to the same line', async () => {
    const { client } = await registerUser(t.server);
    const product = await listing({ title: 'Nested cutting', quantity: 5, priceCents: 1250 });
    const first = await client.post<CartLine>('/api/cart', { productId: product.id });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      productId: product.id,
      quantity: 1,
      product: {
        id: product.id,
        title: 'Nested cutting',
        price: 12.5,
        imageUrl: product.imageUrl,
        inStock: true,
        quantity: 5,
      },
    });
    const again = await client.post<CartLine>('/api/cart', { productId: product.id, quantity: 3 });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body.quantity).toBe(4);
    const cart = await client.get<CartLine[]>('/api/cart');
    expect(cart.body.map((l) => [l.id, l.quantity])).toEqual([[first.body.id, 4]]);
  });

  it('refuses more than the stock with 409 saying how many are left, and changes nothing', async () => {
    const { client } = await registerUser(t.server);
    const product = await listing({ title: 'Scarce cutting', quantity: 3 });
    const tooMany = await client.post<{ message: string }>('/api/cart', {
      productId: product.id,
      quantity: 4,
    });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('Only 3 left of Scarce cutting');
    expect((await client.get<CartLine[]>('/api/cart')).body).toEqual([]);

    const line = await client.post<CartLine>('/api/cart', { productId: product.id, quantity: 2 });
    const more = await client.post<{ message: string }>('/api/cart', { productId: product.id, quantity: 2 });
    expect(more.status).toBe(409);
    expect(more.body.message).toBe('Only 3 left of Scarce cutting, and 2 are already in your cart');
    expect(await lineQuantity(line.body.id)).toBe(2);
  });

  it('refuses an out-of-stock listing with 409 and a missing or archived one with 404', async () => {
    const { client } = await registerUser(t.server);
    const soldOut = await listing({ quantity: 0 });
    const offSale = await listing({ quantity: 4, inStock: false });
    for (const p of [soldOut, offSale]) {
      const res = await client.post<{ message: string }>('/api/cart', { productId: p.id, quantity: 1 });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This product is currently out of stock');
    }
    const archived = await listing();
    await t.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived.id));
    for (const productId of [archived.id, 999_999_999]) {
      const res = await client.post<{ message: string }>('/api/cart', { productId, quantity: 1 });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Product not found');
    }
  });

  it('does not let a seller buy their own listing', async () => {
    const { client, user } = await registerUser(t.server, { isSeller: true });
    const own = await insertListing(t.database.db, user.id);
    const res = await client.post<{ message: string }>('/api/cart', { productId: own.id, quantity: 1 });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot buy your own listing');
  });

  it.each([0, -1, 1.5, '2', 'two', null, 100_001])('answers the quantity %j with 400', async (quantity) => {
    const { client } = await registerUser(t.server);
    const product = await listing();
    const add = await client.post<{ message: string }>('/api/cart', { productId: product.id, quantity });
    expect(add.status).toBe(400);
    expect(add.body.message).toMatch(/^Quantity must be (a positive integer|at most 100000)$/);
    const line = await client.post<CartLine>('/api/cart', { productId: product.id, quantity: 1 });
    const update = await client.put<{ message: string }>(`/api/cart/${line.body.id}`, { quantity });
    expect(update.status).toBe(400);
    expect(await lineQuantity(line.body.id)).toBe(1);
  });

  it.each([
    [{ quantity: 1 }, 'productId must be a positive whole number'],
    [{ productId: 'abc' }, 'productId must be a positive whole number'],
    [{ productId: 0 }, 'productId must be a positive whole number'],
    [{ productId: 2 ** 40 }, 'productId must be a positive whole number'],
  ])('answers the body %j with 400', async (body, message) => {
    const { client } = await registerUser(t.server);
    const res = await client.post<{ message: string }>('/api/cart', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('updates a line up to the stock', async () => {
    const { client } = await registerUser(t.server);
    const product = await listing({ title: 'Updatable cutting', quantity: 6 });
    const line = await client.post<CartLine>('/api/cart', { productId: product.id });
    const ok = await client.put<CartLine>(`/api/cart/${line.body.id}`, { quantity: 6 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: line.body.id, quantity: 6, product: { id: product.id } });
    const tooMany = await client.put<{ message: string }>(`/api/cart/${line.body.id}`, { quantity: 7 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.message).toBe('Only 6 left of Updatable cutting');
    expect(await lineQuantity(line.body.id)).toBe(6);
  });

  it("answers another user's line with 404 and leaves it alone", async () => {
    const owner = await registerUser(t.server);
    const other = await registerUser(t.server);
    const product = await listing();
    const line = await owner.client.post<CartLine>('/api/cart', { productId: product.id, quantity: 2 });
    const update = await other.client.put<{ message: string }>(`/api/cart/${line.body.id}`, { quantity: 1 });
    expect(update.status).toBe(404);
    expect(update.body.message).toBe('Cart item not found');
    expect((await other.client.delete(`/api/cart/${line.body.id}`)).status).toBe(404);
    expect((await other.client.delete('/api/cart')).status).toBe(204);
    expect(await lineQuantity(line.body.id)).toBe(2);
    expect((await other.client.get<CartLine[]>('/api/cart')).body).toEqual([]);
  });

  it('removes a line and clears the cart', async () => {
    const { client } = await registerUser(t.server);
    const [a, b, c] = await Promise.all([listing(), listing(), listing()]);
    const lines = [];
    for (const p of [a, b, c])
      lines.push((await client.post<CartLine>('/api/cart', { productId: p?.id })).body);
    const removed = await client.delete(`/api/cart/${lines[0]?.id}`);
    expect(removed.status).toBe(204);
    expect((await client.get<CartLine[]>('/api/cart')).body.map((l) => l.id)).toEqual(
      lines.slice(1).map((l) => l.id),
    );
    expect((await client.delete(`/api/cart/${lines[0]?.id}`)).status).toBe(404);
    expect((await client.delete('/api/cart')).status).toBe(204);
    expect((await client.get<CartLine[]>('/api/cart')).body).toEqual([]);
  });

  it('leaves archived listings out of the cart', async () => {
    const { client } = await registerUser(t.server);
    const [kept, gone] = [await listing(), await listing()];
    await client.post('/api/cart', { productId: kept.id });
    await client.post('/api/cart', { productId: gone.id });
    await t.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, gone.id));
    expect((await client.get<CartLine[]>('/api/cart')).body.map((l) => l.productId)).toEqual([kept.id]);
  });
});
