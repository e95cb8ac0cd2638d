import type { Product } from '@domain/catalog/responses';
import type { Order } from '@domain/orders/responses';
import type { MyReview, Review } from '@domain/reviews/responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reviews } from '../../server/src/db/schema';
import { type Client, createTestApp, registerUser, type TestApp, uniqueUsername } from '../support/app';
import { insertListing, insertSeller } from '../support/catalog';

let t: TestApp;
let sellerId: number;

beforeAll(async () => {
  t = await createTestApp();
  sellerId = await insertSeller(t.database.db, uniqueUsername('review_seller'));
});
afterAll(async () => {
  await t?.close();
});

const listing = () => insertListing(t.database.db, sellerId, { title: `Reviewed ${uniqueUsername('p')}` });

/** A signed-in buyer who ordered the listing. */
async function buyerOf(productId: number): Promise<{ client: Client; username: string; order: Order }> {
  const { client, user } = await registerUser(t.server);
  await client.post('/api/cart', { productId, quantity: 1 });
  const order = await client.post<Order>('/api/orders', {});
  if (order.status !== 201) throw new Error(`checkout: ${order.status}`);
  return { client, username: user.username, order: order.body };
}

async function rating(client: Client, id: number) {
  return (await client.get<Product>(`/api/products/${id}`)).body.rating;
}

describe('POST /api/products/:id/reviews', () => {
  it('lets a buyer who bought the listing review it, and the rating follows', async () => {
    const product = await listing();
    const { client, username } = await buyerOf(product.id);
    const res = await client.post<Review>(`/api/products/${product.id}/reviews`, {
      rating: 4,
      comment: '  Rooted in two weeks.  ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rating: 4, comment: 'Rooted in two weeks.', user: { username } });
    expect(await rating(client, product.id)).toEqual({ average: 4, count: 1 });
    const list = await client.get<Review[]>(`/api/products/${product.id}/reviews`);
    expect(list.body).toEqual([res.body]);
    const page = await client.get<Product[]>(`/api/products?search=${encodeURIComponent(product.title)}`);
    expect(page.body.find((p) => p.id === product.id)?.rating).toEqual({ average: 4, count: 1 });
  });

  it('replaces the first review with a second one from the same buyer', async () => {
    const product = await listing();
    const { client } = await buyerOf(product.id);
    const first = await client.post<Review>(`/api/products/${product.id}/reviews`, { rating: 2 });
    const second = await client.post<Review>(`/api/products/${product.id}/reviews`, {
      rating: 5,
      comment: 'Better after the first flush.',
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      id: first.body.id,
      rating: 5,
      comment: 'Better after the first flush.',
    });
    expect(await rating(client, product.id)).toEqual({ average: 5, count: 1 });
    expect((await client.get<Review[]>(`/api/products/${product.id}/reviews`)).body).toHaveLength(1);
  });

  it('averages several buyers exactly, also when they write at once', async () => {
    const product = await listing();
    const buyers = await Promise.all(Array.from({ length: 8 }, () => buyerOf(product.id)));
    const ratings = [5, 4, 4, 3, 5, 1, 2, 5];
    const answers = await Promise.all(
      buyers.map((b, i) => b.client.post(`/api/products/${product.id}/reviews`, { rating: ratings[i] })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    // 29 / 8 = 3.625, shown to one decimal.
    expect(await rating(buyers[0]?.client as Client, product.id)).toEqual({ average: 3.6, count: 8 });
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect([row?.ratingCount, row?.ratingSum]).toEqual([8, 29]);
  });

  it('refuses with 403 a user who did not buy the listing, or whose order was cancelled', async () => {
    const product = await listing();
    const { client } = await registerUser(t.server);
    const res = await client.post<{ message: string }>(`/api/products/${product.id}/reviews`, { rating: 5 });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only buyers who bought this product can review it');

    const cancelled = await buyerOf(product.id);
    await cancelled.client.post(`/api/orders/${cancelled.order.id}/cancel`);
    const after = await cancelled.client.post(`/api/products/${product.id}/reviews`, { rating: 1 });
    expect(after.status).toBe(403);
    expect(await t.database.db.select().from(reviews).where(eq(reviews.productId, product.id))).toEqual([]);
    expect(await rating(client, product.id)).toEqual({ average: null, count: 0 });
  });

  it('refuses a seller reviewing their own listing, and a visitor', async () => {
    const { client, user } = await registerUser(t.server, { isSeller: true });
    const own = await insertListing(t.database.db, user.id);
    const res = await client.post<{ message: string }>(`/api/products/${own.id}/reviews`, { rating: 5 });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot review your own listing');
    await client.post('/api/auth/logout');
    expect((await client.post(`/api/products/${own.id}/reviews`, { rating: 'x' })).status).toBe(401);
  });

  it.each([0, 6, 2.5, '5', null, undefined])('answers the rating %j with 400', async (value) => {
    const product = await listing();
    const { client } = await buyerOf(product.id);
    const res = await client.post<{ message: string }>(`/api/products/${product.id}/reviews`, {
      rating: value,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Rating must be a whole number from 1 to 5');
  });

  it('answers a comment over 2000 characters with 400', async () => {
    const product = await listing();
    const { client } = await buyerOf(product.id);
    const res = await client.post<{ message: string }>(`/api/products/${product.id}/reviews`, {
      rating: 3,
      comment: 'x'.repeat(2001),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Comment must be at most 2000 characters');
  });

  it('answers a comment with a NUL or another control character with 400, and keeps line breaks', async () => {
    // Found by the fuzz tests: a NUL reached PostgreSQL, which cannot store it, and the answer was a 500.
    const product = await listing();
    const { client } = await buyerOf(product.id);
    for (const comment of ['Sweet\u0000fruit', 'Bell\u0007']) {
      const res = await client.post<{ message: string; errors?: Record<string, string> }>(
        `/api/products/${product.id}/reviews`,
        { rating: 4, comment },
      );
      expect(res.status, JSON.stringify(comment)).toBe(400);
      expect(res.body).toEqual({
        message: 'Comment cannot contain control characters',
        errors: { comment: 'Comment cannot contain control characters' },
      });
    }
    const ok = await client.post<Review>(`/api/products/${product.id}/reviews`, {
      rating: 4,
      comment: 'Sweet.\n\tWould buy again.',
    });
    expect(ok.status).toBe(201);
    expect(ok.body.comment).toBe('Sweet.\n\tWould buy again.');
  });

  it('answers 404 for a missing or archived listing', async () => {
    const product = await listing();
    const { client } = await buyerOf(product.id);
    await t.database.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, product.id));
    expect((await client.post(`/api/products/${product.id}/reviews`, { rating: 4 })).status).toBe(404);
    expect((await client.post('/api/products/999999999/reviews', { rating: 4 })).status).toBe(404);
  });
});

describe('a review needs a purchase that still stands', () => {
  const mine = async (client: Client, id: number) =>
    (await client.get<MyReview>(`/api/products/${id}/reviews/mine`)).body;
  const listed = async (client: Client, id: number) =>
    (await client.get<Review[]>(`/api/products/${id}/reviews`)).body;

  it('hides the review and recounts the rating when the buyer cancels their only order of the listing', async () => {
    // The attack: buy, rate 1 star, cancel; the stock came back and the rating stayed.
    const product = await listing();
    const fan = await buyerOf(product.id);
    await fan.client.post(`/api/products/${product.id}/reviews`, { rating: 5 });
    const before = await rating(fan.client, product.id);
    expect(before).toEqual({ average: 5, count: 1 });

    const attacker = await buyerOf(product.id);
    await attacker.client.post(`/api/products/${product.id}/reviews`, { rating: 1, comment: 'Rotten.' });
    expect(await rating(fan.client, product.id)).toEqual({ average: 3, count: 2 });
    const cancelled = await attacker.client.post(`/api/orders/${attacker.order.id}/cancel`);
    expect(cancelled.status).toBe(200);

    expect(await rating(fan.client, product.id)).toEqual(before);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect([row?.ratingCount, row?.ratingSum]).toEqual([1, 5]);
    expect((await listed(fan.client, product.id)).map((r) => r.user.username)).toEqual([fan.username]);
    expect(await mine(attacker.client, product.id)).toEqual({
      canReview: false,
      reason: 'Only buyers who bought this product can review it',
      review: null,
    });
    const again = await attacker.client.post<{ message: string }>(`/api/products/${product.id}/reviews`, {
      rating: 1,
    });
    expect(again.status).toBe(403);
    expect(await rating(fan.client, product.id)).toEqual(before);
    // Kept, hidden: the record of what was written stays.
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.productId, product.id));
    expect(rows.map((r) => [r.rating, r.hiddenAt === null])).toEqual(
      expect.arrayContaining([
        [5, true],
        [1, false],
      ]),
    );
  });

  it('lets the buyer review again after buying again; the new review replaces the hidden one', async () => {
    const product = await listing();
    const buyer = await buyerOf(product.id);
    await buyer.client.post(`/api/products/${product.id}/reviews`, { rating: 2 });
    await buyer.client.post(`/api/orders/${buyer.order.id}/cancel`);
    await buyer.client.post('/api/cart', { productId: product.id, quantity: 1 });
    expect((await buyer.client.post('/api/orders', {})).status).toBe(201);
    // Buying again does not bring the old review back: it was about a purchase that no longer stands.
    expect(await listed(buyer.client, product.id)).toEqual([]);
    expect(await mine(buyer.client, product.id)).toEqual({ canReview: true, reason: null, review: null });
    const res = await buyer.client.post<Review>(`/api/products/${product.id}/reviews`, { rating: 4 });
    expect(res.status).toBe(201);
    expect(await listed(buyer.client, product.id)).toEqual([res.body]);
    expect(await rating(buyer.client, product.id)).toEqual({ average: 4, count: 1 });
    expect(await t.database.db.select().from(reviews).where(eq(reviews.productId, product.id))).toHaveLength(
      1,
    );
  });

  it('keeps the review while another order of the listing still stands', async () => {
    const product = await listing();
    const buyer = await buyerOf(product.id);
    await buyer.client.post('/api/cart', { productId: product.id, quantity: 1 });
    const second = await buyer.client.post<Order>('/api/orders', {});
    expect(second.status).toBe(201);
    const review = await buyer.client.post<Review>(`/api/products/${product.id}/reviews`, { rating: 4 });
    expect((await buyer.client.post(`/api/orders/${second.body.id}/cancel`)).status).toBe(200);
    expect(await listed(buyer.client, product.id)).toEqual([review.body]);
    expect(await rating(buyer.client, product.id)).toEqual({ average: 4, count: 1 });
    expect((await mine(buyer.client, product.id)).canReview).toBe(true);

    expect((await buyer.client.post(`/api/orders/${buyer.order.id}/cancel`)).status).toBe(200);
    expect(await listed(buyer.client, product.id)).toEqual([]);
    expect(await rating(buyer.client, product.id)).toEqual({ average: null, count: 0 });
  });

  it('never counts a review whose purchase a racing cancel took away', async () => {
    const product = await listing();
    for (let round = 0; round < 5; round++) {
      const buyer = await buyerOf(product.id);
      const [review, cancel] = await Promise.all([
        buyer.client.post(`/api/products/${product.id}/reviews`, { rating: 1 }),
        buyer.client.post(`/api/orders/${buyer.order.id}/cancel`),
      ]);
      expect(cancel.status).toBe(200);
      expect([201, 403]).toContain(review.status);
    }
    expect(await listed((await buyerOf(product.id)).client, product.id)).toEqual([]);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
    expect([row?.ratingCount, row?.ratingSum]).toEqual([0, 0]);
  });
});

describe('GET /api/products/:id/reviews/mine', () => {
  it('tells a buyer they may review, and shows their review once written', async () => {
    const product = await listing();
    const { client } = await buyerOf(product.id);
    expect((await client.get<MyReview>(`/api/products/${product.id}/reviews/mine`)).body).toEqual({
      canReview: true,
      reason: null,
      review: null,
    });
    await client.post(`/api/products/${product.id}/reviews`, { rating: 3 });
    const mine = await client.get<MyReview>(`/api/products/${product.id}/reviews/mine`);
    expect(mine.body.review).toMatchObject({ rating: 3 });
  });

  it('tells anyone else why not, and a visitor 401', async () => {
    const product = await listing();
    const { client } = await registerUser(t.server);
    expect((await client.get<MyReview>(`/api/products/${product.id}/reviews/mine`)).body).toEqual({
      canReview: false,
      reason: 'Only buyers who bought this product can review it',
      review: null,
    });
    await client.post('/api/auth/logout');
    expect((await client.get(`/api/products/${product.id}/reviews/mine`)).status).toBe(401);
  });
});
