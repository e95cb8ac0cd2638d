import type { MissedDestination } from '@domain/shipping/responses';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/connect';
import { Client, createTestApp, registerUser, type TestApp } from '../support/app';
import { insertListing } from '../support/catalog';

// A nursery's dashboard (issue 24): the states its plants cannot reach for want of a certificate, and how many
// marketplace searches from there it missed.

const TODAY = '2026-11-25';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { today: () => TODAY });
});
afterAll(async () => {
  await t?.close();
});

const visitor = () => new Client(t.server);
const search = async (query: string) =>
  expect((await visitor().get(`/api/products?${query}`)).status).toBe(200);

describe('GET /api/seller/missed', () => {
  it('lists the states a missing certificate closes, with the searches from there, most searched first', async () => {
    const { client: seller, user } = await registerUser(t.server, { isSeller: true });
    await insertListing(t.database.db, user.id, { title: 'Missed cutting one' });
    await insertListing(t.database.db, user.id, { title: 'Missed cutting two' });

    // First pages with a destination count; a second page, or no destination, does not.
    for (let i = 0; i < 3; i++) await search('shipsTo=CA&inStock=true');
    await search('shipsTo=CA&page=2');
    await search('shipsTo=TX&search=cutting');
    await search('inStock=true');
    await t.searches.flush();
    // Searches older than 30 days are not counted; 29 days ago is.
    await t.database.db.execute(sql`insert into destination_searches (state, day, n) values
      ('AZ', ${TODAY}::date - 30, 100), ('AZ', ${TODAY}::date - 29, 4)
      on conflict (state, day) do update set n = excluded.n`);

    const missed = await seller.get<MissedDestination[]>('/api/seller/missed');
    expect(missed.status).toBe(200);
    const byState = (m: MissedDestination[]) => m.map((x) => [x.state, x.certificate, x.listings]);
    expect(missed.body.map((m) => m.state)).toEqual(['AZ', 'CA', 'TX']);
    expect(byState(missed.body)).toEqual([
      ['AZ', 'az-nursery-inspection', 2],
      ['CA', 'ca-nematode', 2],
      ['TX', 'tx-phytosanitary', 2],
    ]);
    const searches = Object.fromEntries(missed.body.map((m) => [m.state, m.searches]));
    expect(searches.AZ).toBeGreaterThanOrEqual(4);
    expect(searches.AZ).toBeLessThan(100);
    expect(searches.CA).toBeGreaterThanOrEqual(3);
    expect(missed.body[1]?.certificateLabel).toBe('California nematode quarantine compliance');

    // More searches add to the day's count, across flushes.
    const before = searches.CA as number;
    await search('shipsTo=ca');
    await search('shipsTo=CA');
    await t.searches.flush();
    const again = await seller.get<MissedDestination[]>('/api/seller/missed');
    expect(again.body.find((m) => m.state === 'CA')?.searches).toBe(before + 2);

    // With the certificate on file, California is open and no longer listed.
    const saved = await seller.put('/api/seller/profile', {
      shipFromState: 'FL',
      certificates: [{ kind: 'ca-nematode', number: 'CA-77', expiresOn: '2027-11-25' }],
    });
    expect(saved.status).toBe(200);
    const after = await seller.get<MissedDestination[]>('/api/seller/missed');
    expect(after.body.map((m) => m.state)).toEqual(['AZ', 'TX']);
  });

  it('answers a seller with nothing listed with nothing, a buyer 403 and a visitor 401', async () => {
    const { client: seller } = await registerUser(t.server, { isSeller: true });
    expect((await seller.get('/api/seller/missed')).body).toEqual([]);
    const { client: buyer } = await registerUser(t.server);
    expect((await buyer.get('/api/seller/missed')).status).toBe(403);
    expect((await visitor().get('/api/seller/missed')).status).toBe(401);
  });

  it('counts only US states and territories', async () => {
    t.searches.count('ZZ');
    t.searches.count('<script>');
    await t.searches.flush();
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from destination_searches where state in ('ZZ', '<script>')`,
    );
    expect(Number(rows[0]?.n)).toBe(0);
  });
});
