import type { NotificationPage } from '@domain/notifications/responses';
import {
  DIGEST_INTERVAL_MINUTES,
  MAILS_PER_ACTOR_PER_HOUR,
  MAILS_PER_RECIPIENT_PER_DAY,
} from '@domain/notifications/types';
import type { Order } from '@domain/orders/responses';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { connect, type Database } from '../../server/src/db/connect';
import { notifications } from '../../server/src/db/schema';
import { createTestApp, registerUser, TEST_ADDRESS, type TestApp } from '../support/app';
import { testDatabaseKind } from '../support/database';
import { signUpNursery } from '../support/fixtures';
import { startSmtp, type TestSmtp } from '../support/smtp';

// The mail limits and what a person's words may do in a notification (docs/product.md#notifications; issue 23,
// defects 2 and 8, and user text quoted in mails), through a real SMTP server on a loopback port.
let t: TestApp;
let smtp: TestSmtp;
/** The app's clock: real time moved on by `offset`. */
let offset = 0;
const clock = () => new Date(Date.now() + offset);
const MINUTE_MS = 60_000;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url }, { now: clock });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Each nursery's stock here: enough for every order of a test. */
const STOCK = 100;

/** Sends until a pass sends nothing (every due mail is out, or held). */
async function sendAll() {
  while ((await t.mail.sendDue()).sent > 0);
}

const mailsTo = (email: string) => smtp.mails.filter((m) => m.to === email);

describe('the mails one person can cause another to receive', () => {
  it('mails a seller 5 of a buyer’s 8 orders and cancels, keeps all 16 in the app, and tells of the rest in one digest', async () => {
    await sendAll();
    const seller = await signUpNursery(t, { listing: { quantity: STOCK } });
    const { client: buyer, user } = await registerUser(t.server);
    for (let i = 0; i < 8; i++) {
      await buyer.post('/api/cart', { productId: seller.listing.id });
      const o = await buyer.post<Order>('/api/orders', { note: `Attempt ${i}` });
      expect(o.status).toBe(201);
      expect(
        (await buyer.post(`/api/orders/${o.body.id}/cancel`, { reason: 'Changed my mind' })).status,
      ).toBe(200);
    }
    await sendAll();
    expect(mailsTo(seller.email)).toHaveLength(MAILS_PER_ACTOR_PER_HOUR);
    // The buyer's own confirmations are theirs: not limited by the buyer's own actions.
    expect(mailsTo(`${user.username}@example.com`)).toHaveLength(8);
    const page = await seller.client.get<NotificationPage>('/api/notifications');
    expect(page.body.total).toBe(16);
    expect(page.body.unread).toBe(16);
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.userId, seller.id));
    expect(rows.every((r) => r.actorId === user.id)).toBe(true);
    expect(rows.filter((r) => r.emailStatus === 'sent')).toHaveLength(5);
    expect(rows.filter((r) => r.emailStatus === 'held')).toHaveLength(11);

    // Within the hour nothing more goes; after it, one digest tells of the 11, once.
    offset = (DIGEST_INTERVAL_MINUTES - 1) * MINUTE_MS;
    await sendAll();
    expect(mailsTo(seller.email)).toHaveLength(5);
    offset = (DIGEST_INTERVAL_MINUTES + 1) * MINUTE_MS;
    try {
      await sendAll();
      await sendAll();
    } finally {
      offset = 0;
    }
    const mails = mailsTo(seller.email);
    expect(mails).toHaveLength(6);
    const digest = mails[5];
    expect(digest?.subject).toBe('You have 11 more notifications');
    expect(digest?.text).toContain('These 11 notifications were not mailed one by one');
    expect(digest?.text).toContain('- and 1 more');
    expect(digest?.text).toContain('http://localhost:5000/notifications');
    // The digest is mail only: the app still shows the 16, and only those.
    const after = await seller.client.get<NotificationPage>('/api/notifications');
    expect(after.body.total).toBe(16);
    expect(after.body.unread).toBe(16);
    const statuses = await t.database.db
      .select({ status: notifications.emailStatus })
      .from(notifications)
      .where(eq(notifications.userId, seller.id));
    expect(statuses.filter((r) => r.status === 'digested')).toHaveLength(11);
  });

  it('bounds what one person receives in a day, from however many people', async () => {
    await sendAll();
    const seller = await signUpNursery(t, { listing: { quantity: STOCK } });
    const buyers = [];
    for (let i = 0; i < 11; i++) buyers.push(await registerUser(t.server));
    for (const { client } of buyers) {
      for (let i = 0; i < 5; i++) {
        await client.post('/api/cart', { productId: seller.listing.id });
        expect((await client.post('/api/orders', {})).status).toBe(201);
      }
    }
    await sendAll();
    // 55 orders from 11 buyers, 5 each: within each buyer's hourly limit, past the seller's day.
    expect(mailsTo(seller.email)).toHaveLength(MAILS_PER_RECIPIENT_PER_DAY);
    expect((await seller.client.get<NotificationPage>('/api/notifications')).body.total).toBe(55);
    // No digest while the day's limit is reached, even an hour later.
    offset = (DIGEST_INTERVAL_MINUTES + 1) * MINUTE_MS;
    try {
      await sendAll();
    } finally {
      offset = 0;
    }
    expect(mailsTo(seller.email)).toHaveLength(MAILS_PER_RECIPIENT_PER_DAY);
  });
});

describe('what a person writes in a notification', () => {
  it('keeps {order}, $& and </script> in a title, a note and a city as written, and the order number only where ours go', async () => {
    await sendAll();
    const title = 'Red {order} $& $1 </script> cutting';
    const seller = await signUpNursery(t, { listing: { quantity: STOCK, title } });
    const city = 'Miami {order} $&';
    const { client: buyer } = await registerUser(t.server, { address: { ...TEST_ADDRESS, city } });
    await buyer.post('/api/cart', { productId: seller.listing.id });
    const note = 'Leave it at {order} $& $` gate';
    const o = await buyer.post<Order>('/api/orders', { note });
    expect(o.status).toBe(201);
    const [n] = (await seller.client.get<NotificationPage>('/api/notifications')).body.items;
    expect(n?.title).toMatch(new RegExp(`^New order #${o.body.id} from `));
    expect(n?.body).toContain(`- 1 × ${title}`);
    expect(n?.body).toContain(`to ship to ${city}, FL:`);
    expect(n?.body).toContain(`> ${note}`);
    expect(n?.body).not.toContain(`#${o.body.id}`);
    expect(n?.link).toBe('/seller/dashboard?tab=orders');

    await sendAll();
    const [mail] = mailsTo(seller.email);
    expect(mail?.text).toContain(`- 1 × ${title}`);
    expect(mail?.text).toContain(`to ship to ${city}, FL:`);
    expect(mail?.text).toContain(`> ${note}`);
  });

  it('quotes a note in the mail, so it cannot pass for the marketplace’s own words or signature', async () => {
    await sendAll();
    const seller = await signUpNursery(t, { listing: { quantity: STOCK } });
    const { client: buyer } = await registerUser(t.server);
    await buyer.post('/api/cart', { productId: seller.listing.id });
    const note =
      'Thanks!\n\n— Dragon Fruit Marketplace\n\nYour payout is on hold: sign in at https://evil.example\u2028to release it';
    expect((await buyer.post('/api/orders', { note })).status).toBe(201);
    await sendAll();
    const [mail] = mailsTo(seller.email);
    const lines = mail?.text.split('\n') ?? [];
    const intro = lines.indexOf('Note from the buyer:');
    expect(intro).toBeGreaterThan(0);
    expect(lines.slice(intro + 1, intro + 7)).toEqual([
      '> Thanks!',
      '> ',
      '> — Dragon Fruit Marketplace',
      '> ',
      '> Your payout is on hold: sign in at https://evil.example',
      '> to release it',
    ]);
    // The one unquoted signature is the marketplace's own, last.
    expect(lines.filter((l) => l === '— Dragon Fruit Marketplace')).toHaveLength(1);
    expect(lines.at(-1)).toBe('— Dragon Fruit Marketplace');
    expect(mail?.html).toMatch(/<blockquote[^>]*>Thanks!<br>&nbsp;<br>— Dragon Fruit Marketplace<br>/);
  });

  it('quotes a cancel reason in the mail', async () => {
    await sendAll();
    const seller = await signUpNursery(t, { listing: { quantity: STOCK } });
    const { client: buyer } = await registerUser(t.server);
    await buyer.post('/api/cart', { productId: seller.listing.id });
    const o = await buyer.post<Order>('/api/orders', {});
    await buyer.post(`/api/orders/${o.body.id}/cancel`, { reason: 'Too late\n— Dragon Fruit Marketplace' });
    await sendAll();
    const cancelled = mailsTo(seller.email).find((m) => m.subject.includes('cancelled'));
    expect(cancelled?.text).toContain('Reason:\n> Too late\n> — Dragon Fruit Marketplace\n');
    expect(cancelled?.html).toContain('Too late<br>— Dragon Fruit Marketplace</blockquote>');
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')(
  'the limits with several senders on one PostgreSQL',
  () => {
    let secondDb: Database;
    let thirdDb: Database;
    let b: Awaited<ReturnType<typeof buildApp>>;
    let c: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      secondDb = await connect({ databaseUrl: t.database.url as string, maxConnections: 5 });
      thirdDb = await connect({ databaseUrl: t.database.url as string, maxConnections: 5 });
      b = await buildApp({ database: secondDb, config: t.config, now: clock });
      c = await buildApp({ database: thirdDb, config: t.config, now: clock });
      await b.server.ready();
      await c.server.ready();
    });
    afterAll(async () => {
      await b?.server.close();
      await c?.server.close();
      await secondDb?.close();
      await thirdDb?.close();
    });

    it('lets exactly 5 through when parallel orders and cancels are mailed by three instances at once', async () => {
      await sendAll();
      const seller = await signUpNursery(t, { listing: { quantity: STOCK } });
      const { client: buyer, user: buyerUser } = await registerUser(t.server);
      const buyerId = buyerUser.id;
      // Orders and cancels sent in parallel (each order waits for the one before it, as the cart is one).
      const cancels: Array<Promise<unknown>> = [];
      for (let i = 0; i < 30; i++) {
        await buyer.post('/api/cart', { productId: seller.listing.id });
        const o = await buyer.post<Order>('/api/orders', {});
        expect(o.status).toBe(201);
        cancels.push(buyer.post(`/api/orders/${o.body.id}/cancel`, {}));
      }
      await Promise.all(cancels);
      // The buyer's own confirmations are not what this is about: out of the way, so the seller's are all there is.
      await t.database.db
        .update(notifications)
        .set({ emailStatus: 'off' })
        .where(eq(notifications.userId, buyerId));
      // 60 for the seller: each instance's pass claims 20 of them, so three decide for the seller at once. A trigger
      // of this test's own slows the write of each choice to mail, so that without the recipient's lock the three
      // would count the same mails and each let one more through.
      await t.database.db.execute(sql`
      create function mail_test_slow() returns trigger language plpgsql as $$
      begin perform pg_sleep(0.05); return new; end $$`);
      await t.database.db.execute(sql`
      create trigger mail_test_slow before update of mailed_at on notifications
      for each row when (new.mailed_at is not null) execute function mail_test_slow()`);
      let sent = 0;
      try {
        for (;;) {
          const passes = await Promise.all([t.mail.sendDue(), b.mail.sendDue(), c.mail.sendDue()]);
          const n = passes.reduce((sum, p) => sum + p.sent, 0);
          if (n === 0) break;
          sent += n;
        }
      } finally {
        await t.database.db.execute(sql`drop trigger mail_test_slow on notifications`);
        await t.database.db.execute(sql`drop function mail_test_slow()`);
      }
      expect(sent).toBe(5);
      expect(mailsTo(seller.email)).toHaveLength(5);
      const rows = await t.database.db
        .select({ status: notifications.emailStatus })
        .from(notifications)
        .where(
          and(eq(notifications.userId, seller.id), inArray(notifications.emailStatus, ['sent', 'held'])),
        );
      expect(rows.filter((r) => r.status === 'held')).toHaveLength(55);
    });
  },
);
