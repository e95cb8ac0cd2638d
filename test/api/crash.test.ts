/**
 * A server killed with SIGKILL in the middle of a checkout load (docs/quality.md#reliability): after a restart on the same
 * database, every order acknowledged with 201 is there with all its lines, the stock agrees with the orders,
 * and the server serves again. The real server runs as a child process, on the embedded database in a folder
 * (PGlite) or on PostgreSQL, whichever this run tests.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Product } from '@domain/catalog/responses';
import type { Order } from '@domain/orders/responses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADDRESS } from '../support/app';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../support/database';
import { listingInput } from '../support/fixtures';
import { HttpUser as Buyer, freePort, type Server, start } from '../support/server-process';

const BUYERS = 8;
/** Orders acknowledged before the server is killed: enough that the load is well under way. */
const KILL_AFTER_ORDERS = 20;

describe('a server killed during a checkout load', () => {
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  let env: Record<string, string>;
  let server: Server | undefined;

  beforeAll(async () => {
    if (testDatabaseKind() === 'postgres') {
      database = await createTestDatabase({ maxConnections: 1 });
      env = { DATABASE_URL: database.url as string, SEED_DEMO: 'true' };
    } else {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'dfm-crash-'));
      env = { DATA_DIR: dataDir };
    }
    env.AUTH_MAX_ATTEMPTS_PER_IP = '100000';
    env.WRITE_LIMIT_PER_IP = '1000000';
    env.WRITE_LIMIT_PER_ACCOUNT = '1000000';
  });
  afterAll(async () => {
    server?.process.kill('SIGKILL');
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged order with all its lines, and stock that agrees with the orders', async () => {
    server = await start(env, await freePort());
    // A seller lists two plants with stock for any load; each checkout buys one unit of both.
    const seller = new Buyer(server, `crash_seller_${process.pid}`);
    expect(await seller.register(true)).toBe(201);
    expect(
      (
        await seller.call('PUT', '/api/seller/profile', {
          shipFromState: 'FL',
          paymentInstructions: 'Zelle to pay@nursery.example.com',
        })
      ).status,
    ).toBe(200);
    const listing = async () => {
      const res = await seller.call<Product>('POST', '/api/products', listingInput({ quantity: 100_000 }));
      expect(res.status).toBe(201);
      return res.body;
    };
    const [a, b] = [await listing(), await listing()];

    const buyers: Buyer[] = [];
    for (let i = 0; i < BUYERS; i++) {
      const buyer = new Buyer(server, `crash_${process.pid}_${i}`);
      expect(await buyer.register(false)).toBe(201);
      expect((await buyer.call('POST', '/api/addresses', TEST_ADDRESS)).status).toBe(201);
      buyers.push(buyer);
    }

    // Every buyer adds both listings and checks out, over and over, until the server dies: once a number of
    // orders are acknowledged, so the others are mid-way (on a busy machine that takes longer, never less).
    const acknowledged: Array<{ buyer: Buyer; order: Order }> = [];
    const refused: number[] = [];
    let killed = false;
    let loaded = () => {};
    const underLoad = new Promise<void>((resolve) => {
      loaded = resolve;
    });
    const load = buyers.map(async (buyer, i) => {
      for (let n = 0; !killed; n++) {
        try {
          for (const p of [a, b]) {
            const added = await buyer.call('POST', '/api/cart', { productId: p.id, quantity: 1 });
            if (added.status !== 201) refused.push(added.status);
          }
          const res = await buyer.call<Order>(
            'POST',
            '/api/orders',
            {},
            { 'idempotency-key': `k-${i}-${n}` },
          );
          if (res.status === 201) acknowledged.push({ buyer, order: res.body });
          if (acknowledged.length >= KILL_AFTER_ORDERS) loaded();
        } catch {
          // The connection died with the server: this attempt's outcome is unknown, and not acknowledged.
        }
      }
    });
    await underLoad;
    server.process.kill('SIGKILL');
    killed = true;
    await Promise.all(load);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(refused).toEqual([]);

    server = await start(env, await freePort());
    for (const buyer of buyers) buyer.server = server;

    for (const { buyer, order } of acknowledged) {
      const res = await buyer.call<Order>('GET', `/api/orders/${order.id}`);
      expect(res.status).toBe(200);
      expect(res.body.items.map((l) => [l.productId, l.quantity, l.price])).toEqual(
        order.items.map((l) => [l.productId, l.quantity, l.price]),
      );
      expect(res.body.total).toBe(order.total);
    }

    // Stock now = stock before - every unit in every order (acknowledged or not) that the database kept.
    const sold = new Map<number, number>();
    for (const buyer of buyers) {
      const orders = (await buyer.call<Order[]>('GET', '/api/orders')).body;
      for (const o of orders) {
        expect(o.items).toHaveLength(2);
        for (const l of o.items) sold.set(l.productId, (sold.get(l.productId) ?? 0) + l.quantity);
      }
    }
    for (const p of [a, b]) {
      const now = (await (await fetch(`${server.url}/api/products/${p.id}`)).json()) as Product;
      expect(now.quantity).toBe(p.quantity - (sold.get(p.id) ?? 0));
    }

    // And it serves again: a new checkout goes through.
    const [buyer] = buyers as [Buyer];
    await buyer.call('DELETE', '/api/cart');
    expect((await buyer.call('POST', '/api/cart', { productId: a.id, quantity: 1 })).status).toBe(201);
    expect((await buyer.call('POST', '/api/orders', {})).status).toBe(201);
  }, 120_000);
});
