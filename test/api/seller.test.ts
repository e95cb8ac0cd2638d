import type { CartLine } from '@domain/cart/responses';
import type { Product } from '@domain/catalog/responses';
import type { ListingRemoval } from '@domain/listings/responses';
import type { Order, SellerOrderLine } from '@domain/orders/responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/src/db/schema';
import { type Client, createTestApp, markPaid, type TestApp } from '../support/app';
import {
  createListing,
  type ListingBody,
  listingInput,
  placeOrder,
  signUpBuyer,
  signUpNursery,
} from '../support/fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The listing of this file's tests (a sellerId of its own, which the API ignores). */
const LISTING = listingInput({
  title: 'Sugar Dragon 12" Cutting',
  pollination: 'self',
  organic: true,
  quantity: 5,
  price: 12.5,
  sellerId: 0,
});

/** A nursery in Homestead, Florida, which its listings show. */
const seller = () => signUpNursery(t, { location: 'Homestead, Florida' });

/** The seller signed in on `client` lists LISTING with `overrides`. */
const listed = (client: Client, overrides: ListingBody = {}) =>
  createListing(client, { ...LISTING, ...overrides });

async function stored(id: number) {
  const [row] = await t.database.db.select().from(products).where(eq(products.id, id));
  return row;
}

describe('who may use the seller endpoints', () => {
  it('answers visitors with 401 and buyers with 403, whatever they send', async () => {
    const { client: buyer } = await signUpBuyer(t);
    const { client: owner } = await seller();
    const product = await listed(owner);
    const visitor = (await signUpBuyer(t)).client;
    await visitor.post('/api/auth/logout');
    const calls = [
      ['GET', '/api/seller/products', undefined],
      ['GET', '/api/seller/orders', undefined],
      ['POST', '/api/products', { title: '' }],
      ['PUT', `/api/products/${product.id}`, LISTING],
      ['DELETE', `/api/products/${product.id}`, undefined],
      ['PATCH', '/api/seller/orders/1/items/1', { status: 'shipped' }],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await visitor.request(method, url, body)).status, `visitor ${method} ${url}`).toBe(401);
      const res = await buyer.request<{ message: string }>(method, url, body);
      expect(res.status, `buyer ${method} ${url}`).toBe(403);
      expect(res.body.message).toBe('Only seller accounts can do this');
    }
    expect(await stored(product.id)).toMatchObject({ title: LISTING.title, archivedAt: null });
  });
});

describe('a seller’s listings', () => {
  it('creates a listing owned by the signed-in seller, whatever sellerId the body says', async () => {
    const { client, id } = await seller();
    const other = await seller();
    const product = await listed(client, { sellerId: other.id });
    expect(product).toMatchObject({
      sellerId: id,
      title: LISTING.title,
      price: 12.5,
      quantity: 5,
      cuttingSize: '12 inch',
      seller: { id, location: 'Homestead, Florida' },
    });
    expect((await client.get<Product[]>('/api/seller/products')).body.map((p) => p.id)).toEqual([product.id]);
    expect((await other.client.get<Product[]>('/api/seller/products')).body).toEqual([]);
    expect((await client.get<Product>(`/api/products/${product.id}`)).body.id).toBe(product.id);
  });

  it('lists the seller’s own listings newest first', async () => {
    const { client } = await seller();
    const first = await listed(client, { title: 'First' });
    const second = await listed(client, { title: 'Second' });
    expect((await client.get<Product[]>('/api/seller/products')).body.map((p) => p.id)).toEqual([
      second.id,
      first.id,
    ]);
  });

  it('keeps a cutting size for cuttings only, and takes numbers typed as text', async () => {
    const { client } = await seller();
    const seed = await listed(client, { form: 'seed', cuttingSize: '6 inch' });
    expect(seed.cuttingSize).toBeNull();
    const typed = await client.post<Product>('/api/products', { ...LISTING, price: '7.25', quantity: '3' });
    expect(typed.status).toBe(201);
    expect(typed.body).toMatchObject({ price: 7.25, quantity: 3 });
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: undefined }, 'Title is required'],
    [{ description: '   ' }, 'Description is required'],
    [{ variety: '' }, 'Variety is required'],
    [{ variety: 'Banana' }, expect.stringMatching(/^Variety must be one of Sugar Dragon/)],
    [{ form: 'tree' }, 'Form must be one of cutting, rooted, seed, mature'],
    [{ cuttingSize: '3 feet' }, 'Cutting size must be one of 6 inch, 12 inch, multi-tip'],
    [{ pollination: 'wind' }, 'Pollination must be self or cross'],
    [{ imageUrl: 'javascript:alert(1)' }, 'Please enter a valid URL'],
    [{ imageUrl: 'not a url' }, 'Please enter a valid URL'],
    [{ imageUrl: '//evil.example/x.png' }, 'Please enter a valid URL'],
    [{ imageUrl: 'data:image/svg+xml,<svg/>' }, 'Please enter a valid URL'],
    [{ price: 0 }, 'Price must be positive'],
    [{ price: -5 }, 'Price must be positive'],
    [{ price: 'abc' }, 'Price must be positive'],
    // Only plain decimal numbers as text: Number() would read these as 16, 1000, 12 and 16.
    [{ price: '0x10' }, 'Price must be positive'],
    [{ price: '1e3' }, 'Price must be positive'],
    [{ price: ' 12 ' }, 'Price must be positive'],
    [{ price: 'Infinity' }, 'Price must be positive'],
    [{ quantity: '0x10' }, 'Quantity must be a positive integer'],
    [{ quantity: '0o20' }, 'Quantity must be a positive integer'],
    [{ price: '' }, 'Price must be positive'],
    [{ quantity: ' ' }, 'Quantity must be a positive integer'],
    [{ price: 10.999 }, 'Price can have at most 2 decimal places'],
    [{ price: 1_000_000 }, 'Price must be at most $100,000'],
    [{ quantity: 0 }, 'Quantity must be a positive integer'],
    [{ quantity: 1.5 }, 'Quantity must be a positive integer'],
    [{ quantity: 'lots' }, 'Quantity must be a positive integer'],
    // Found by the fuzz tests: these reached the database and answered 500 or a generic 400.
    [{ title: 'Sugar\u0000Dragon' }, 'Title cannot contain control characters'],
    [{ description: 'Callused\u0000.' }, 'Description cannot contain control characters'],
    [{ title: 'Escape \u001b[31m' }, 'Title cannot contain control characters'],
    [{ imageUrl: 'https://example.com/a\u0000.png' }, 'Please enter a valid URL'],
    [{ imageUrl: '/images/a\u0000.svg' }, 'Please enter a valid URL'],
    [{ price: 1e-9 }, 'Price must be at least $0.01'],
    [{ price: '0.000000001' }, 'Price must be at least $0.01'],
  ])('refuses %j with 400 and the field’s message', async (change, message) => {
    const { client } = await seller();
    const res = await client.post<{ message: string; errors?: Record<string, string> }>('/api/products', {
      ...LISTING,
      ...change,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(message);
    expect(Object.values(res.body.errors ?? {})).toContainEqual(message);
    expect((await client.get<Product[]>('/api/seller/products')).body).toEqual([]);
  });

  it('keeps line breaks and tabs in a description, and refuses a NUL on update with the listing unchanged', async () => {
    const { client } = await seller();
    const product = await listed(client, { description: 'First line.\r\n\tSecond line.' });
    expect(product.description).toBe('First line.\r\n\tSecond line.');
    const res = await client.put<{ message: string; errors?: Record<string, string> }>(
      `/api/products/${product.id}`,
      { ...LISTING, title: 'New\u0000title' },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ title: 'Title cannot contain control characters' });
    expect((await stored(product.id))?.title).toBe(LISTING.title);
  });

  it.each(['https://images.example.com/cutting.webp', 'http://example.com/a.png', '/images/products/x.svg'])(
    'accepts the image address %s',
    async (imageUrl) => {
      const { client } = await seller();
      expect((await listed(client, { imageUrl })).imageUrl).toBe(imageUrl);
    },
  );

  it('updates the seller’s own listing; another seller’s is 404 and unchanged', async () => {
    const { client } = await seller();
    const other = await seller();
    const product = await listed(client);
    const res = await client.put<Product>(`/api/products/${product.id}`, {
      ...LISTING,
      price: 15,
      form: 'rooted',
      sellerId: other.id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: product.id, price: 15, form: 'rooted', cuttingSize: null });
    expect(res.body.sellerId).not.toBe(other.id);

    const theirs = await other.client.put<{ message: string }>(`/api/products/${product.id}`, {
      ...LISTING,
      price: 1,
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message).toBe('Product not found');
    expect((await other.client.delete(`/api/products/${product.id}`)).status).toBe(404);
    expect(await stored(product.id)).toMatchObject({ priceCents: 1500, archivedAt: null });
    expect((await client.put(`/api/products/999999999`, LISTING)).status).toBe(404);
  });

  it('refuses an edit made from a stock a sale has since changed, instead of putting the sold units back', async () => {
    const { client } = await seller();
    const product = await listed(client, { quantity: 5 });
    // The seller opens the edit form (5 in stock); a buyer then buys 3.
    const { client: buyer } = await signUpBuyer(t);
    await buyer.post('/api/cart', { productId: product.id, quantity: 3 });
    expect((await buyer.post('/api/orders', {})).status).toBe(201);

    const stale = await client.put<{ message: string; errors: Record<string, string> }>(
      `/api/products/${product.id}`,
      { ...LISTING, quantity: 5, price: 20, expectedQuantity: 5 },
    );
    expect(stale.status).toBe(409);
    const message =
      'The stock changed while you were editing: 2 left now. Check the quantity and save again.';
    expect(stale.body).toEqual({ message, errors: { quantity: message } });
    expect(await stored(product.id)).toMatchObject({ quantity: 2, priceCents: 1250 });

    // Saved again from the stock as it is now, the edit applies.
    const fresh = await client.put<Product>(`/api/products/${product.id}`, {
      ...LISTING,
      quantity: 4,
      price: 20,
      expectedQuantity: 2,
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ quantity: 4, price: 20 });

    // Without expectedQuantity (the spec's own call) an edit applies as it is; a bad one is a 400.
    expect((await client.put(`/api/products/${product.id}`, { ...LISTING, quantity: 7 })).status).toBe(200);
    const bad = await client.put<{ errors: Record<string, string> }>(`/api/products/${product.id}`, {
      ...LISTING,
      expectedQuantity: -1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.expectedQuantity).toBe(
      'expectedQuantity must be a whole number from 0 to 100,000',
    );
    // Another seller's listing stays 404, whatever they expect.
    const other = await seller();
    const theirs = await other.client.put(`/api/products/${product.id}`, { ...LISTING, expectedQuantity: 7 });
    expect(theirs.status).toBe(404);
    expect(await stored(product.id)).toMatchObject({ quantity: 7 });
  });

  it('deletes a listing never ordered', async () => {
    const { client } = await seller();
    const product = await listed(client);
    const res = await client.delete<ListingRemoval>(`/api/products/${product.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ archived: false });
    expect(await stored(product.id)).toBeUndefined();
    expect((await client.get(`/api/products/${product.id}`)).status).toBe(404);
  });

  it('archives a listing that was ordered: gone from the catalog and carts, kept in order history', async () => {
    const { client } = await seller();
    const product = await listed(client, { quantity: 10 });
    const { buyer, order } = await placeOrder(t, [product], { quantity: 2 });
    const { client: other } = await signUpBuyer(t);
    await other.post('/api/cart', { productId: product.id, quantity: 1 });

    const res = await client.delete<ListingRemoval>(`/api/products/${product.id}`);
    expect(res.body).toEqual({ archived: true });
    expect((await client.get(`/api/products/${product.id}`)).status).toBe(404);
    expect((await client.get<Product[]>('/api/seller/products')).body).toEqual([]);
    expect((await other.get<CartLine[]>('/api/cart')).body).toEqual([]);
    const history = await buyer.get<Order>(`/api/orders/${order.id}`);
    expect(history.body.items).toEqual([
      expect.objectContaining({ productId: product.id, title: LISTING.title, quantity: 2, price: 12.5 }),
    ]);
    expect((await client.delete(`/api/products/${product.id}`)).status).toBe(404);
  });
});

describe('orders to ship', () => {
  it('lists only the lines of the seller’s listings, ships them, and the order ships with its last line', async () => {
    const a = await seller();
    const b = await seller();
    const fromA = await listed(a.client, { title: 'From A', price: 10 });
    const fromB = await listed(b.client, { title: 'From B', price: 20 });
    const { buyer, buyerName, order } = await placeOrder(t, [
      { listing: fromA, quantity: 2 },
      { listing: fromB, quantity: 1 },
    ]);

    const linesA = (await a.client.get<SellerOrderLine[]>('/api/seller/orders')).body;
    expect(linesA).toEqual([
      expect.objectContaining({
        orderId: order.id,
        buyer: { username: buyerName },
        productId: fromA.id,
        title: 'From A',
        quantity: 2,
        price: 10,
        status: 'pending',
        orderStatus: 'pending',
      }),
    ]);
    const lineA = linesA[0] as SellerOrderLine;
    const lineB = (await b.client.get<SellerOrderLine[]>('/api/seller/orders')).body[0] as SellerOrderLine;

    // Seller B cannot ship seller A's line.
    const wrong = await b.client.patch<{ message: string }>(
      `/api/seller/orders/${order.id}/items/${lineA.itemId}`,
      { status: 'shipped' },
    );
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe('Order line not found');

    // Not before the buyer's payment reached the nursery.
    const unpaid = await a.client.patch<{ message: string }>(
      `/api/seller/orders/${order.id}/items/${lineA.itemId}`,
      { status: 'shipped' },
    );
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.message).toBe('This order is not paid yet');
    await markPaid(a.client, lineA.shipmentId);
    await markPaid(b.client, lineB.shipmentId);

    const shipped = await a.client.patch<SellerOrderLine>(
      `/api/seller/orders/${order.id}/items/${lineA.itemId}`,
      { status: 'shipped' },
    );
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ status: 'shipped', orderStatus: 'partly-shipped' });
    // The order says honestly how far it got (docs/product.md#shipments).
    expect((await buyer.get<Order>(`/api/orders/${order.id}`)).body).toMatchObject({
      status: 'partly-shipped',
      statusLabel: 'Partly shipped: 1 of 2',
    });

    const last = await b.client.patch<SellerOrderLine>(
      `/api/seller/orders/${order.id}/items/${lineB.itemId}`,
      { status: 'shipped' },
    );
    expect(last.body).toMatchObject({ status: 'shipped', orderStatus: 'shipped' });
    const seen = (await buyer.get<Order>(`/api/orders/${order.id}`)).body;
    expect(seen.status).toBe('shipped');
    expect(seen.items.map((l) => l.status)).toEqual(['shipped', 'shipped']);

    // Shipping again changes nothing.
    const again = await b.client.patch<SellerOrderLine>(
      `/api/seller/orders/${order.id}/items/${lineB.itemId}`,
      { status: 'shipped' },
    );
    expect(again.status).toBe(200);
  });

  it('refuses to ship a cancelled order’s line, and any status but shipped', async () => {
    const s = await seller();
    const product = await listed(s.client);
    const { buyer, order } = await placeOrder(t, [product]);
    const line = (await s.client.get<SellerOrderLine[]>('/api/seller/orders')).body[0] as SellerOrderLine;
    const url = `/api/seller/orders/${order.id}/items/${line.itemId}`;

    const bad = await s.client.patch<{ message: string }>(url, { status: 'pending' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('status must be shipped');

    await buyer.post(`/api/orders/${order.id}/cancel`);
    const res = await s.client.patch<{ message: string }>(url, { status: 'shipped' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This order was cancelled');
    expect(
      (await s.client.patch(`/api/seller/orders/abc/items/${line.itemId}`, { status: 'shipped' })).status,
    ).toBe(400);
  });
});
