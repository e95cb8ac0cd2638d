/**
 * A server killed with SIGKILL after orders were committed and before their mails went (docs/product.md#notifications):
 * the next server on the same database sends each of those mails once. The first server's sender never gets to
 * them (it looks once at start, when there is nothing, then not for an hour); the real server runs as a child
 * process on the embedded database in a folder (PGlite) or on PostgreSQL, whichever this run tests.
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
import { freePort, HttpUser, type Server, start } from '../support/server-process';
import { startSmtp, type TestSmtp } from '../support/smtp';

describe('a server killed between the commit and the send', () => {
  let database: TestDatabase | undefined;
  let dataDir: string | undefined;
  let env: Record<string, string>;
  let server: Server | undefined;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    if (testDatabaseKind() === 'postgres') {
      database = await createTestDatabase({ maxConnections: 1 });
      env = { DATABASE_URL: database.url as string, SEED_DEMO: 'false' };
    } else {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'dfm-mail-crash-'));
      env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
    }
    env.SMTP_URL = smtp.url;
  });
  afterAll(async () => {
    server?.process.kill('SIGKILL');
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await smtp?.close();
  });

  /** Waits until the SMTP server holds `n` mails (or more): the sender's passes are what the test waits for. */
  async function mailsArrived(n: number): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (smtp.mails.length < n) {
      if (Date.now() > deadline) throw new Error(`${smtp.mails.length} of ${n} mails arrived`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('sends each pending mail once after the restart', async () => {
    server = await start({ ...env, MAIL_INTERVAL_SECONDS: '3600' }, await freePort());
    const seller = new HttpUser(server, `mailcrash_seller_${process.pid}`);
    expect(await seller.register(true)).toBe(201);
    expect(
      (
        await seller.call('PUT', '/api/seller/profile', {
          shipFromState: 'FL',
          paymentInstructions: 'Zelle to pay@nursery.example.com',
        })
      ).status,
    ).toBe(200);
    // Four orders of one each: listingInput's stock (10) is enough.
    const listing = await seller.call<Product>('POST', '/api/products', listingInput());
    expect(listing.status).toBe(201);
    const orders: number[] = [];
    for (let i = 0; i < 3; i++) {
      const buyer = new HttpUser(server, `mailcrash_${process.pid}_${i}`);
      expect(await buyer.register(false)).toBe(201);
      await buyer.call('POST', '/api/addresses', TEST_ADDRESS);
      await buyer.call('POST', '/api/cart', { productId: listing.body.id });
      const placed = await buyer.call<Order>('POST', '/api/orders', {});
      expect(placed.status).toBe(201);
      orders.push(placed.body.id);
    }
    server.process.kill('SIGKILL');
    await new Promise((r) => server?.process.once('exit', r));
    expect(smtp.mails).toEqual([]);

    server = await start({ ...env, MAIL_INTERVAL_SECONDS: '1' }, await freePort());
    // 3 orders: the buyer's "placed" and the seller's "new order" each.
    await mailsArrived(6);
    // One more order after the restart: once its 2 mails are in, the sender has made passes since the first 6
    // went, and none of them sent one of those again (a state to wait for, not a time).
    const late = new HttpUser(server, `mailcrash_${process.pid}_late`);
    expect(await late.register(false)).toBe(201);
    await late.call('POST', '/api/addresses', TEST_ADDRESS);
    await late.call('POST', '/api/cart', { productId: listing.body.id });
    const placed = await late.call<Order>('POST', '/api/orders', {});
    expect(placed.status).toBe(201);
    orders.push(placed.body.id);
    await mailsArrived(8);
    expect(smtp.mails).toHaveLength(8);
    expect(new Set(smtp.mails.map((m) => m.messageId)).size).toBe(8);
    const toSeller = smtp.mails
      .filter((m) => m.to === `${seller.username}@example.com`)
      .map((m) => m.subject);
    for (const id of orders)
      expect(toSeller.filter((s) => s.startsWith(`New order #${id} from `))).toHaveLength(1);
  }, 120_000);
});
