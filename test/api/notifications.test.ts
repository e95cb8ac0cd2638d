import type { NotificationPage, UnreadCount } from '@domain/notifications/responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { connect, type Database } from '../../server/src/db/connect';
import { notifications } from '../../server/src/db/schema';
import { type Client, createTestApp, markPaid, type TestApp } from '../support/app';
import { testDatabaseKind } from '../support/database';
import { placeOrder, signUpNursery } from '../support/fixtures';
import { startSmtp, type TestSmtp } from '../support/smtp';

// Notifications (docs/product.md#notifications): written in the transaction of their event, shown in the app, and
// mailed through a real SMTP server on a loopback port, each once.
let t: TestApp;
let smtp: TestSmtp;
/** The app's clock: real time moved on by `offset` (the rows' own times come from the database's clock). */
let offset = 0;
const clock = () => new Date(Date.now() + offset);
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_FROM: 'Dragon Fruit <orders@example.com>', MAIL_MAX_ATTEMPTS: '3' },
    { now: clock },
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const inbox = async (client: Client) => (await client.get<NotificationPage>('/api/notifications')).body;

describe('who is told what', () => {
  it('tells the buyer and each seller, at each step of a two-seller order', async () => {
    const a = await signUpNursery(t, { listing: {} });
    const b = await signUpNursery(t, { listing: {} });
    const {
      buyer,
      buyerName,
      order: o,
    } = await placeOrder(t, [a.listing, b.listing], { note: 'Leave it by the gate' });
    const [partA, partB] = o.shipments;

    const placed = await inbox(buyer);
    expect(placed.items.map((n) => n.title)).toEqual([`Order #${o.id} placed`]);
    expect(placed.items[0]?.body).toContain(`1 item from ${a.username}`);
    expect(placed.items[0]?.link).toBe(`/orders/${o.id}`);
    const toA = await inbox(a.client);
    expect(toA.items.map((n) => n.title)).toEqual([`New order #${o.id} from ${buyerName}`]);
    expect(toA.items[0]?.body).toContain('Note from the buyer:\n> Leave it by the gate');
    expect(toA.items[0]?.body).toContain('ship to Miami, FL');
    // The buyer pays each nursery directly: the mail says whom, how much and how, in the nursery's words.
    expect(placed.items[0]?.body).toContain(
      `Pay ${a.username} $${partA?.payment.amount.toFixed(2)}:\n> Zelle to payments@nursery.example.com, with your order number.`,
    );
    expect(toA.items[0]?.body).toContain(
      `The buyer pays you $${partA?.payment.amount.toFixed(2)} directly, as your payment instructions say.`,
    );

    await markPaid(a.client, partA?.id);
    await a.client.post(`/api/seller/shipments/${partA?.id}/ship`, {
      carrier: 'usps',
      trackingNumber: '9400100000000000000000',
    });
    await b.client.post(`/api/seller/shipments/${partB?.id}/cancel`, { reason: 'Frost' });
    await buyer.post(`/api/orders/${o.id}/shipments/${partA?.id}/delivered`);

    const buyerSees = await inbox(buyer);
    expect(buyerSees.items.map((n) => n.kind)).toEqual([
      'shipment-cancelled',
      'shipment-shipped',
      'payment-received',
      'order-placed',
    ]);
    expect(buyerSees.items[2]?.title).toBe(`Order #${o.id}: ${a.username} received your payment`);
    expect(buyerSees.items[1]?.body).toContain(
      'Follow it: https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    );
    expect(buyerSees.items[0]?.body).toContain('Reason:\n> Frost');
    expect((await inbox(a.client)).items.map((n) => n.kind)).toEqual([
      'shipment-delivered',
      'order-received',
    ]);
    expect((await inbox(b.client)).items.map((n) => n.kind)).toEqual(['order-received']);
    expect(buyerSees.unread).toBe(4);
  });

  it('tells the seller when the buyer cancels, and writes nothing for a checkout that is refused', async () => {
    const a = await signUpNursery(t, { listing: {} });
    const { buyer, buyerId, order: o } = await placeOrder(t, [a.listing]);
    await buyer.post(`/api/orders/${o.id}/cancel`, { reason: 'Ordered twice' });
    const seen = await inbox(a.client);
    expect(seen.items[0]).toMatchObject({ kind: 'shipment-cancelled' });
    expect(seen.items[0]?.body).toContain('Reason:\n> Ordered twice');

    // A checkout refused for a changed price rolls back whole: no notification for anyone.
    const before = await t.database.db.select().from(notifications).where(eq(notifications.userId, buyerId));
    await buyer.post('/api/cart', { productId: a.listing.id });
    const refused = await buyer.post('/api/orders', { lines: [{ productId: a.listing.id, price: 1 }] });
    expect(refused.status).toBe(409);
    const after = await t.database.db.select().from(notifications).where(eq(notifications.userId, buyerId));
    expect(after).toHaveLength(before.length);
  });

  it('reminds a seller once of what waits past its handling time', async () => {
    const a = await signUpNursery(t, { profile: { handlingDays: 2 }, listing: {} });
    const { order: o } = await placeOrder(t, [a.listing]);
    await t.maintenance();
    expect((await inbox(a.client)).items.map((n) => n.kind)).toEqual(['order-received']);
    try {
      offset = 2 * DAY_MS + 60_000;
      await Promise.all([t.maintenance(), t.maintenance()]);
      await t.maintenance();
    } finally {
      offset = 0;
    }
    const seen = await inbox(a.client);
    expect(seen.items.map((n) => n.kind)).toEqual(['ship-reminder', 'order-received']);
    expect(seen.items[0]?.title).toBe(`Order #${o.id} is waiting to ship`);
    expect(seen.items[0]?.body).toContain('handling time of 2 days');
  });
});

describe('in the app', () => {
  it('counts unread, marks one or all read, and keeps each user to their own', async () => {
    const a = await signUpNursery(t, { listing: {} });
    const { buyer } = await placeOrder(t, [a.listing]);
    await placeOrder(t, [a.listing]);
    expect((await a.client.get<UnreadCount>('/api/notifications/unread')).body.unread).toBe(2);
    const [first] = (await inbox(a.client)).items;
    const read = await a.client.post<{ readAt: string }>(`/api/notifications/${first?.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.readAt).not.toBeNull();
    expect((await a.client.get<UnreadCount>('/api/notifications/unread')).body.unread).toBe(1);
    expect((await buyer.post(`/api/notifications/${first?.id}/read`)).status).toBe(404);
    expect((await a.client.post('/api/notifications/read-all')).body).toEqual({ unread: 0 });
    expect((await a.client.get<UnreadCount>('/api/notifications/unread')).body.unread).toBe(0);
    expect((await a.client.get('/api/notifications?page=0')).status).toBe(400);
    expect((await a.client.post('/api/notifications/abc/read')).status).toBe(400);
    await buyer.post('/api/auth/logout');
    expect((await buyer.get('/api/notifications')).status).toBe(401);
  });
});

describe('by email', () => {
  it('sends each notification once, as text and HTML, with a Message-ID of its own', async () => {
    await t.mail.sendDue();
    smtp.mails.length = 0;
    const a = await signUpNursery(t, { listing: {} });
    const { buyerName, order: o } = await placeOrder(t, [a.listing], { note: 'Gate code </script> & $&' });
    const result = await t.mail.sendDue();
    expect(result).toEqual({ sent: 2, failed: 0 });
    expect(await t.mail.sendDue()).toEqual({ sent: 0, failed: 0 });
    const toSeller = smtp.mails.find((m) => m.to === `${a.username}@example.com`);
    expect(toSeller?.subject).toBe(`New order #${o.id} from ${buyerName}`);
    expect(toSeller?.text).toContain('Note from the buyer:\n> Gate code </script> & $&');
    expect(toSeller?.html).toContain('Gate code &#60;/script&#62; &#38; $&#38;</blockquote>');
    expect(toSeller?.html).not.toContain('</script> &');
    expect(toSeller?.text).toContain('http://localhost:5000/seller/dashboard?tab=orders');
    const rows = await t.database.db.select().from(notifications).where(eq(notifications.orderId, o.id));
    expect(rows.map((r) => r.emailStatus)).toEqual(['sent', 'sent']);
    expect(smtp.mails.map((m) => m.messageId).sort()).toEqual(
      rows.map((r) => `<notification-${r.id}@localhost>`).sort(),
    );
  });

  it("links the carrier's tracking page in the shipped mail's HTML, and only that address", async () => {
    await t.mail.sendDue();
    smtp.mails.length = 0;
    const a = await signUpNursery(t, { listing: {} });
    const { buyerName, order: o } = await placeOrder(t, [a.listing], {
      note: 'See https://example.com/x and javascript:alert(1)',
    });
    const [part] = o.shipments;
    await markPaid(a.client, part?.id);
    const shipped = await a.client.post(`/api/seller/shipments/${part?.id}/ship`, {
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.status).toBe(200);
    await t.mail.sendDue();
    const url = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';
    const toBuyer = smtp.mails.find(
      (m) => m.to === `${buyerName}@example.com` && m.subject.includes('shipped'),
    );
    expect(toBuyer?.html).toContain(`Follow it: <a href="${url}">${url}</a></p>`);
    expect(toBuyer?.text).toContain(`Follow it: ${url}`);
    // The buyer's note, in the seller's mail, stays words: no link.
    const toSeller = smtp.mails.find((m) => m.to === `${a.username}@example.com`);
    expect(toSeller?.html).toContain('See https://example.com/x and javascript:alert(1)');
    expect(toSeller?.html).not.toContain('<a href="https://example.com');
  });

  it('retries a refused mail with backoff, keeps the reason, and marks it failed after its tries', async () => {
    await t.mail.sendDue();
    smtp.mails.length = 0;
    const a = await signUpNursery(t, { listing: {} });
    const { order: o } = await placeOrder(t, [a.listing]);
    smtp.refuse = true;
    try {
      const before = clock().getTime();
      expect(await t.mail.sendDue()).toEqual({ sent: 0, failed: 2 });
      const after = clock().getTime();
      const [row] = await t.database.db.select().from(notifications).where(eq(notifications.orderId, o.id));
      expect(row).toMatchObject({ emailStatus: 'pending', attempts: 1 });
      expect(row?.lastError).toMatch(/Mailbox busy/);
      expect(row?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 30_000);
      expect(row?.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + 30_000);
      // Not due yet: nothing is tried.
      expect(await t.mail.sendDue()).toEqual({ sent: 0, failed: 0 });
      offset += 31_000;
      expect(await t.mail.sendDue()).toEqual({ sent: 0, failed: 2 });
      offset += 61_000;
      expect(await t.mail.sendDue()).toEqual({ sent: 0, failed: 2 });
      const rows = await t.database.db.select().from(notifications).where(eq(notifications.orderId, o.id));
      expect(rows.map((r) => [r.emailStatus, r.attempts])).toEqual([
        ['failed', 3],
        ['failed', 3],
      ]);
      offset += DAY_MS;
      expect(await t.mail.sendDue()).toEqual({ sent: 0, failed: 0 });
    } finally {
      smtp.refuse = false;
      offset = 0;
    }
    expect(smtp.mails).toEqual([]);
  });

  it('without SMTP_URL, shows notifications in the app and marks their email off', async () => {
    const off = await createTestApp();
    try {
      expect(off.mail.enabled).toBe(false);
      const nursery = await signUpNursery(off, { listing: { title: 'Off plant' } });
      await placeOrder(off, [nursery.listing]);
      await off.mail.sendDue();
      const rows = await off.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, nursery.id));
      expect(rows.map((r) => r.emailStatus)).toEqual(['off']);
      expect((await nursery.client.get<NotificationPage>('/api/notifications')).body.items).toHaveLength(1);
    } finally {
      await off.close();
    }
  });
});

describe.skipIf(testDatabaseKind() !== 'postgres')('two instances on one PostgreSQL', () => {
  let secondDb: Database;
  let b: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    secondDb = await connect({ databaseUrl: t.database.url as string, maxConnections: 5 });
    b = await buildApp({ database: secondDb, config: t.config, now: clock });
    await b.server.ready();
  });
  afterAll(async () => {
    await b?.server.close();
    await secondDb?.close();
  });

  it('send each mail once, whichever takes it', async () => {
    await t.mail.sendDue();
    smtp.mails.length = 0;
    const sellers = [
      await signUpNursery(t, { listing: {} }),
      await signUpNursery(t, { listing: {} }),
      await signUpNursery(t, { listing: {} }),
    ];
    for (let i = 0; i < 8; i++)
      await placeOrder(
        t,
        sellers.map((s) => s.listing),
      );
    // 8 orders × (1 buyer + 3 sellers) notifications, sent by both instances' senders at once.
    const passes = await Promise.all([
      t.mail.sendDue(),
      b.mail.sendDue(),
      t.mail.sendDue(),
      b.mail.sendDue(),
      t.mail.sendDue(),
      b.mail.sendDue(),
    ]);
    let sent = passes.reduce((n, p) => n + p.sent, 0);
    while (sent < 32) {
      const more = await Promise.all([t.mail.sendDue(), b.mail.sendDue()]);
      if (more.every((m) => m.sent === 0)) break;
      sent += more.reduce((n, p) => n + p.sent, 0);
    }
    expect(sent).toBe(32);
    expect(smtp.mails).toHaveLength(32);
    expect(new Set(smtp.mails.map((m) => m.messageId)).size).toBe(32);
  });
});
