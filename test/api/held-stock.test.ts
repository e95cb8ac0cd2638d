import type { Product } from '@domain/catalog/responses';
import type { Order } from '@domain/orders/responses';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/connect';
import { tooManyUnpaid, unpaidTooLarge } from '../../server/src/modules/orders/checkout';
import { type Client, createTestApp, markPaid, type Response, type TestApp } from '../support/app';
import { testDatabaseKind } from '../support/database';
import { createListing, signUpBuyer, signUpNursery } from '../support/fixtures';
import { answerOf, raced } from '../support/races';

// Stock held unpaid (docs/product.md#payments, docs/decisions/0026-lock-order-and-held-stock.md): one buyer holds at
// most UNPAID_ORDERS_MAX orders awaiting payment, together worth at most UNPAID_TOTAL_MAX_DOLLARS; a checkout past
// either is refused with nothing written. A nursery releases an unpaid part early by cancelling it.
let t: TestApp;
let seller: Client;
let sellerName: string;

/** The stock of each listing here: the tests count what checkouts hold of it. */
const STOCK = 50;

beforeAll(async () => {
  t = await createTestApp({ UNPAID_ORDERS_MAX: '2', UNPAID_TOTAL_MAX_DOLLARS: '100' });
  ({ client: seller, username: sellerName } = await signUpNursery(t));
});
afterAll(async () => {
  await t?.close();
});

async function checkout(buyer: Client, product: Product, quantity = 1) {
  expect((await buyer.post('/api/cart', { productId: product.id, quantity })).status).toBe(201);
  return buyer.post<Order & { message: string }>('/api/orders', {});
}

const quantityOf = async (id: number) =>
  (
    await queryRows<{ quantity: number }>(t.database.db, sql`select quantity from products where id = ${id}`)
  )[0]?.quantity;

it('refuses a checkout past the most orders one buyer may have awaiting payment, writing nothing', async () => {
  const cutting = await createListing(seller, { quantity: STOCK });
  const { client: buyer } = await signUpBuyer(t);
  const first = await checkout(buyer, cutting);
  expect(first.status).toBe(201);
  expect((await checkout(buyer, cutting)).status).toBe(201);
  const third = await checkout(buyer, cutting);
  expect(third.status).toBe(409);
  expect(third.body.message).toBe(tooManyUnpaid(2));
  expect(third.body.message).toBe(
    'You have 2 orders awaiting payment, the most one buyer can have at once: pay for one, or cancel it, before ordering again',
  );
  // Nothing written: the stock is the two orders' less, the line still in the cart.
  expect(await quantityOf(cutting.id)).toBe(48);
  expect((await buyer.get<unknown[]>('/api/cart')).body).toHaveLength(1);
  expect((await buyer.get<unknown[]>('/api/orders')).body).toHaveLength(2);

  // Once the nursery says one is paid, it no longer counts.
  await markPaid(seller, first.body.shipments[0]?.id);
  expect((await buyer.post('/api/orders', {})).status).toBe(201);
});

it('refuses a checkout that would take what one buyer holds unpaid past the most it may be worth', async () => {
  const plant = await createListing(seller, { quantity: STOCK, price: 40 });
  const { client: buyer } = await signUpBuyer(t);
  // Alone, an order over the limit: $120 and $12.99 shipping.
  const alone = await checkout(buyer, plant, 3);
  expect(alone.status).toBe(409);
  expect(alone.body.message).toBe(unpaidTooLarge(10_000, 0, 13_299));
  expect(alone.body.message).toBe(
    'Orders awaiting payment can total at most $100.00 at once, and this one is $132.99: please remove some items from your cart',
  );
  expect((await buyer.delete('/api/cart')).status).toBe(204);
  // $92.99, then $52.99 more: over.
  expect((await checkout(buyer, plant, 2)).status).toBe(201);
  const more = await checkout(buyer, plant, 1);
  expect(more.status).toBe(409);
  expect(more.body.message).toBe(
    'Orders awaiting payment can total at most $100.00 at once: yours already come to $92.99, and this one is $52.99. Pay for an order first, or remove some items from your cart',
  );
  expect(await quantityOf(plant.id)).toBe(48);
});

it('lets a nursery release an unpaid part early: back on sale, the buyer told, the buyer free to order again', async () => {
  const cutting = await createListing(seller, { quantity: STOCK });
  const { client: buyer } = await signUpBuyer(t);
  const first = await checkout(buyer, cutting);
  const second = await checkout(buyer, cutting);
  expect([first.status, second.status]).toEqual([201, 201]);
  expect(await quantityOf(cutting.id)).toBe(48);
  const shipmentId = first.body.shipments[0]?.id;
  const released = await seller.post<{ status: string; cancelledBy: string; payment: { status: string } }>(
    `/api/seller/shipments/${shipmentId}/cancel`,
    { reason: 'Not paid after three reminders' },
  );
  expect(released.status).toBe(200);
  expect(released.body).toMatchObject({ status: 'cancelled', cancelledBy: 'seller' });
  expect(await quantityOf(cutting.id)).toBe(49);
  const notices = await buyer.get<{ items: Array<{ title: string; body: string }> }>('/api/notifications');
  const told = notices.body.items.find(
    (n) => n.title === `Order #${first.body.id}: ${sellerName} cancelled its part`,
  );
  expect(told?.body).toContain('Not paid after three reminders');
  // The released order no longer counts against the buyer.
  expect((await checkout(buyer, cutting)).status).toBe(201);
});

describe.runIf(testDatabaseKind() === 'postgres')('two checkouts of one buyer at once (PostgreSQL)', () => {
  let holder: postgres.Sql;
  beforeAll(() => {
    holder = postgres(t.database.url as string, { max: 4, onnotice: () => {} });
  });
  afterAll(async () => {
    await holder?.end();
  });

  it('count each other: the second, with a line added as the first ran, past the limit, is refused', async () => {
    const first = await createListing(seller, { quantity: STOCK });
    const second = await createListing(seller, { quantity: STOCK });
    const { client: buyer } = await signUpBuyer(t);
    expect((await checkout(buyer, first)).status).toBe(201);
    // One order awaiting payment, one more allowed. The first checkout buys `first`; while it waits on that
    // listing (a sale holds it), the buyer adds `second` and checks out again.
    expect((await buyer.post('/api/cart', { productId: first.id, quantity: 1 })).status).toBe(201);
    const [one, two] = await raced<[Response<{ message: string }>, Response<{ message: string }>]>(
      t.database.db,
      holder,
      (tx) => tx`select id from products where id = ${first.id} for update`,
      [
        () => buyer.post('/api/orders', {}),
        async () => {
          expect((await buyer.post('/api/cart', { productId: second.id, quantity: 1 })).status).toBe(201);
          return buyer.post('/api/orders', {});
        },
      ],
    );
    expect(answerOf(one).status).toBe(201);
    expect(answerOf(two).status).toBe(409);
    expect(answerOf(two).body.message).toBe(tooManyUnpaid(2));
    expect((await buyer.get<unknown[]>('/api/orders')).body).toHaveLength(2);
    expect(await quantityOf(second.id)).toBe(50);
  });
});
