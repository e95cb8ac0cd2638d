/**
 * Two app instances on one PostgreSQL (docs/quality.md#scale): the servers keep no state of their own, so a session,
 * a cart, an order, the sign-in throttle and the limit on writes made on one are the same on the other. PostgreSQL only: the
 * embedded database belongs to one process.
 */

import type { CartLine } from '@domain/cart/responses';
import type { Order } from '@domain/orders/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { connect, type Database } from '../../server/src/db/connect';
import { Client, createTestApp, registerUser, type TestApp, uniqueUsername } from '../support/app';
import { insertListing, insertSeller } from '../support/catalog';
import { testDatabaseKind } from '../support/database';

describe.skipIf(testDatabaseKind() !== 'postgres')('two instances on one PostgreSQL', () => {
  let a: TestApp;
  let secondDb: Database;
  let b: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    a = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3' });
    secondDb = await connect({ databaseUrl: a.database.url as string, maxConnections: 5 });
    b = await buildApp({ database: secondDb, config: a.config });
    await b.server.ready();
  });
  afterAll(async () => {
    await b?.server.close();
    await secondDb?.close();
    await a?.close();
  });

  /** A client of instance B holding the same cookies as a client of instance A. */
  function onB(client: Client): Client {
    const other = new Client(b.server);
    for (const [k, v] of client.cookies) other.cookies.set(k, v);
    return other;
  }

  it('a session made on one instance works on the other, and logging out on one ends it on both', async () => {
    const { client, user } = await registerUser(a.server);
    const me = await onB(client).get<{ id: number }>('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
    await client.post('/api/auth/logout');
    expect((await onB(client).get('/api/auth/me')).status).toBe(401);
  });

  it('a cart line added on one instance is seen and changed on the other, and checkout on either sees it', async () => {
    const sellerId = await insertSeller(a.database.db, uniqueUsername('two_seller'));
    const product = await insertListing(a.database.db, sellerId, { quantity: 5, priceCents: 1000 });
    const { client } = await registerUser(a.server);
    const line = await client.post<CartLine>('/api/cart', { productId: product.id, quantity: 2 });
    expect(line.status).toBe(201);
    const fromB = onB(client);
    expect((await fromB.get<CartLine[]>('/api/cart')).body.map((l) => [l.id, l.quantity])).toEqual([
      [line.body.id, 2],
    ]);
    expect((await fromB.put(`/api/cart/${line.body.id}`, { quantity: 3 })).status).toBe(200);
    expect((await client.get<CartLine[]>('/api/cart')).body[0]?.quantity).toBe(3);
    const order = await fromB.post<Order>('/api/orders', {});
    expect(order.status).toBe(201);
    expect(order.body.total).toBe(42.99);
    expect((await client.get<Order[]>('/api/orders')).body.map((o) => o.id)).toEqual([order.body.id]);
    expect((await client.get<CartLine[]>('/api/cart')).body).toEqual([]);
  });

  it('counts failed sign-ins for an account across both instances', async () => {
    const { user, password } = await registerUser(a.server);
    const wrong = { username: user.username, password: 'not the password' };
    expect((await new Client(a.server).post('/api/auth/login', wrong)).status).toBe(401);
    expect((await new Client(b.server).post('/api/auth/login', wrong)).status).toBe(401);
    expect((await new Client(a.server).post('/api/auth/login', wrong)).status).toBe(401);
    const locked = await new Client(b.server).post('/api/auth/login', { username: user.username, password });
    expect(locked.status).toBe(429);
  });

  it('counts writes from one address against one limit across both instances', async () => {
    const config = loadConfig({ NODE_ENV: 'test', WRITE_LIMIT_PER_IP: '4' });
    config.clientDir = a.config.clientDir;
    const [one, two] = [
      await buildApp({ database: a.database, config }),
      await buildApp({ database: secondDb, config }),
    ];
    try {
      const write = (app: typeof one, i: number) =>
        new Client(app.server, { ip: '198.51.100.90' })
          .post('/api/newsletter', { email: `two_${process.pid}_${i}@example.com` })
          .then((res) => res.status);
      const statuses = [await write(one, 0), await write(two, 1), await write(one, 2), await write(two, 3)];
      expect(statuses).toEqual([200, 200, 200, 200]);
      expect(await write(one, 4)).toBe(429);
      expect(await write(two, 5)).toBe(429);
    } finally {
      await one.server.close();
      await two.server.close();
    }
  });
});
