import { MESSAGES } from '@domain/accounts/schemas';
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayNames, displayNamesState, users } from '../../server/src/db/schema';
import { Client, createTestApp, type TestApp, uniqueUsername } from '../support/app';
import { testDatabaseKind } from '../support/database';
import { signUpBuyer, signUpNursery } from '../support/fixtures';
import { whileHeld as holdWhile } from '../support/races';

// No two members shown by names that read alike (docs/decisions/0030-display-names.md): a shop name is compared by
// its key (NFKC, invisible characters out, spaces collapsed, case folded) with every other shop name and every
// username; a name mixing look-alike scripts and the marketplace's own name are refused.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const TAKEN = MESSAGES.businessNameTaken;
const USERNAME_TAKEN = 'Username is already taken';

/** A one-word tail that keeps each test's names its own (letters and digits only). */
const tail = () => uniqueUsername('x').replace(/[^A-Za-z0-9]/g, '');
/** The same in digits alone, for a name in another script than Latin. */
const digits = () => uniqueUsername('x').replace(/[^0-9]/g, '');

function signUp(fields: { username?: string; isSeller?: boolean; businessName?: string }) {
  const username = fields.username ?? uniqueUsername('seller');
  return new Client(t.server).post('/api/auth/register', {
    email: `${uniqueUsername('mail')}@example.com`,
    password: 'correct horse battery',
    isSeller: true,
    ...fields,
    username,
  });
}

const saveName = (client: Client, businessName: string | null) =>
  client.put('/api/seller/profile', { shipFromState: 'FL', businessName });

/** Each ASCII letter and digit in its fullwidth form (U+FF01…). */
const fullwidth = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
/** Each ASCII letter and digit in its mathematical bold form (U+1D400…, U+1D7CE…). */
const mathBold = (s: string) =>
  s.replace(/[A-Za-z0-9]/g, (c) => {
    const code = c.charCodeAt(0);
    if (c >= 'a') return String.fromCodePoint(0x1d41a + code - 97);
    if (c >= 'A') return String.fromCodePoint(0x1d400 + code - 65);
    return String.fromCodePoint(0x1d7ce + code - 48);
  });

describe('a shop name that reads as another', () => {
  const lookAlikes: Array<[string, (name: string) => string]> = [
    ['a zero-width space inside', (n) => n.replace('Pitaya', 'Pit\u200baya')],
    ['a soft hyphen inside', (n) => n.replace('Pitaya', 'Pi\u00adtaya')],
    ['a word joiner inside', (n) => n.replace('Pitaya', 'Pita\u2060ya')],
    ['a no-break space', (n) => n.replace(' ', '\u00a0')],
    ['an ideographic space', (n) => n.replace(' ', '\u3000')],
    ['a double space', (n) => n.replace(' ', '  ')],
    ['fullwidth letters', fullwidth],
    ['mathematical bold letters', mathBold],
    ['other letter cases', (n) => n.toUpperCase()],
    ['a combining accent for an accented letter', (n) => n.replace('é', 'e\u0301')],
  ];

  it.each(lookAlikes)('is taken with %s, in the profile and at sign-up', async (_, variant) => {
    const name = `Sunny Pitaya Café ${tail()}`;
    await signUpNursery(t, { businessName: name });
    const copy = variant(name);
    expect(copy).not.toBe(name);
    const b = await signUpNursery(t);
    const saved = await saveName(b.client, copy);
    expect(saved.status).toBe(409);
    expect(saved.body).toEqual({ message: TAKEN, errors: { businessName: TAKEN } });
    const signedUp = await signUp({ businessName: copy });
    expect(signedUp.status).toBe(409);
    expect(signedUp.body).toEqual({ message: TAKEN, errors: { businessName: TAKEN } });
    // Nothing of the refused sign-up or save stays.
    const holders = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.businessName, copy));
    expect(holders).toEqual([]);
  });

  it('is refused when it mixes Latin letters with Cyrillic or Greek ones (400 on the field)', async () => {
    const b = await signUpNursery(t);
    for (const mixed of [
      `Sunny Pit\u0430ya ${tail()}`,
      `Sunny Pitay\u03b1 ${tail()}`,
      `\u0405unny Farm ${tail()}`,
    ]) {
      const saved = await saveName(b.client, mixed);
      expect(saved.status).toBe(400);
      expect(saved.body).toEqual({
        message: MESSAGES.businessNameScripts,
        errors: { businessName: MESSAGES.businessNameScripts },
      });
      const signedUp = await signUp({ businessName: mixed });
      expect(signedUp.status).toBe(400);
      expect((signedUp.body as { errors: unknown }).errors).toEqual({
        businessName: MESSAGES.businessNameScripts,
      });
    }
  });

  it('reads as the Latin one when written wholly in Cyrillic look-alikes', async () => {
    const name = `Cacao ${digits()}`;
    await signUpNursery(t, { businessName: name });
    const b = await signUpNursery(t);
    const cyrillic = name.replace('Cacao', '\u0421\u0430\u0441\u0430\u043e');
    const saved = await saveName(b.client, cyrillic);
    expect(saved.status).toBe(409);
  });

  it('keeps names with accents, and names in other scripts, their own', async () => {
    const suffix = digits();
    for (const name of [
      `Viveros Peñasco ${suffix}`,
      `Café Pitaya ${suffix}`,
      `Cafe Pitaya ${suffix}`,
      `Straße ${suffix}`,
      `Pitaya 火龍果 ${suffix}`,
      `Сад Питайя ${suffix}`,
    ]) {
      const signedUp = await signUp({ businessName: name });
      expect(signedUp.status, name).toBe(201);
    }
    const b = await signUpNursery(t);
    const saved = await saveName(b.client, `Viveros Peñasco del Sur ${suffix}`);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ businessName: `Viveros Peñasco del Sur ${suffix}` });
  });

  it('is kept, and compared, when it grows many times longer in its key (NFKC expands some symbols)', async () => {
    // U+FDFA reads as 18 letters: a hundred of them would make a key too large for an index entry.
    const name = '\ufdfa'.repeat(99) + String.fromCharCode(0x0661 + (Number(digits()) % 9));
    const a = await signUpNursery(t);
    const saved = await saveName(a.client, name);
    expect(saved.status).toBe(200);
    const b = await signUpNursery(t);
    expect((await saveName(b.client, name)).status).toBe(409);
  });

  it('is free again once its nursery names itself otherwise or clears it', async () => {
    const name = `Moving Grove ${tail()}`;
    const a = await signUpNursery(t, { businessName: name });
    const b = await signUpNursery(t);
    expect((await saveName(b.client, name.toUpperCase())).status).toBe(409);
    expect((await saveName(a.client, `${name} Two`)).status).toBe(200);
    expect((await saveName(b.client, name.toUpperCase())).status).toBe(200);
    expect((await saveName(a.client, name)).status).toBe(409);
    expect((await saveName(b.client, null)).status).toBe(200);
    expect((await saveName(a.client, name)).status).toBe(200);
    // A save that leaves the name out keeps it, and keeps it the nursery's.
    expect((await a.client.put('/api/seller/profile', { shipFromState: 'CA' })).status).toBe(200);
    expect((await saveName(b.client, name)).status).toBe(409);
  });
});

describe("a shop name and another member's username", () => {
  it("refuses another nursery's username as a shop name, in the profile and at sign-up", async () => {
    const other = await signUpNursery(t);
    const b = await signUpNursery(t);
    for (const name of [other.username, other.username.toUpperCase(), fullwidth(other.username)]) {
      const saved = await saveName(b.client, name);
      expect(saved.status, name).toBe(409);
      expect(saved.body).toEqual({ message: TAKEN, errors: { businessName: TAKEN } });
      const signedUp = await signUp({ businessName: name });
      expect(signedUp.status, name).toBe(409);
      expect(signedUp.body).toEqual({ message: TAKEN, errors: { businessName: TAKEN } });
    }
  });

  it('refuses it also when that nursery is shown by a shop name of its own, and a buyer’s too', async () => {
    const named = await signUpNursery(t, { businessName: `Named Grove ${tail()}` });
    const buyer = await signUpBuyer(t);
    const b = await signUpNursery(t);
    for (const name of [named.username, buyer.username]) {
      const saved = await saveName(b.client, name.toUpperCase());
      expect(saved.status, name).toBe(409);
    }
    // Else clearing its shop name would show the first nursery by the name the other took.
    expect((await saveName(named.client, null)).status).toBe(200);
  });

  it('refuses a new username that reads as a shop name, for a buyer and for a seller', async () => {
    const username = uniqueUsername('grove');
    await signUpNursery(t, { businessName: fullwidth(username.toUpperCase()) });
    for (const isSeller of [false, true]) {
      const res = await signUp({ username, isSeller });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: USERNAME_TAKEN, errors: { username: USERNAME_TAKEN } });
    }
    const count = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
    expect(count).toEqual([]);
  });

  it('lets a nursery take its own username as its shop name', async () => {
    const a = await signUpNursery(t);
    const saved = await saveName(a.client, a.username.toUpperCase());
    expect(saved.status).toBe(200);
    const username = uniqueUsername('own');
    expect((await signUp({ username, businessName: username.toUpperCase() })).status).toBe(201);
  });
});

describe("the marketplace's own name", () => {
  it.each([
    'Dragon Fruit Marketplace',
    'dragonfruit marketplace',
    'Dragon Fruit Market',
    'The Dragon-Fruit Marketplace',
    fullwidth('Dragon Fruit Marketplace'),
    'Dragon\u200bFruit Marketplace',
  ])('is refused as a shop name: %s', async (name) => {
    const b = await signUpNursery(t);
    const saved = await saveName(b.client, name);
    expect(saved.status).toBe(400);
    expect(saved.body).toEqual({
      message: MESSAGES.businessNameMarketplace,
      errors: { businessName: MESSAGES.businessNameMarketplace },
    });
    const signedUp = await signUp({ businessName: name });
    expect(signedUp.status).toBe(400);
  });

  it('is refused as a username, and a nursery may still name itself after the fruit', async () => {
    const res = await signUp({ username: 'DragonFruitMarketplace', isSeller: false });
    expect(res.status).toBe(400);
    expect((res.body as { errors: unknown }).errors).toEqual({ username: MESSAGES.usernameMarketplace });
    expect((await signUp({ businessName: `Bob's Dragon Fruit Market ${tail()}` })).status).toBe(201);
  });
});

describe('names racing for one key', () => {
  it('gives look-alike names saved at once to one nursery, the other a 409, never a 500', async () => {
    const name = `Moon Farm ${tail()}`;
    const a = await signUpNursery(t);
    const b = await signUpNursery(t);
    const results = await Promise.all([
      saveName(a.client, name),
      saveName(b.client, name.replace(' ', '\u00a0')),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)?.body).toEqual({
      message: TAKEN,
      errors: { businessName: TAKEN },
    });
  });

  it('gives a username and a shop name that read alike, signed up at once, to one member', async () => {
    const username = uniqueUsername('race');
    const results = await Promise.all([
      signUp({ username, isSeller: false }),
      signUp({ businessName: username.toUpperCase() }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.status === 409);
    expect([USERNAME_TAKEN, TAKEN]).toContain((refused?.body as { message?: string } | undefined)?.message);
  });
});

// The unique index decides, not the check before the write: each test holds, in a transaction of its own, a key
// another write would hold, starts the request, waits until PostgreSQL says it waits for that key, then commits.
describe.runIf(testDatabaseKind() === 'postgres')(
  'a key held by a write not yet committed (PostgreSQL)',
  () => {
    let holder: postgres.Sql;
    beforeAll(() => {
      holder = postgres(t.database.url as string, { max: 2, onnotice: () => {} });
    });
    afterAll(async () => {
      await holder?.end();
    });

    /** Holds `key` for `userId`, as a write not yet committed would, until `during` waits for it. */
    const whileHeld = <T>(key: string, userId: number, during: () => Promise<T>): Promise<T> =>
      holdWhile(
        t.database.db,
        holder,
        (tx) => tx`insert into display_names (key, user_id, kind) values (${key}, ${userId}, 'shop')`,
        during,
      );

    it('refuses a shop name whose key another save was writing: 409 on the field', async () => {
      const a = await signUpNursery(t);
      const b = await signUpNursery(t);
      const name = `Held Grove ${tail()}`;
      const res = await whileHeld(name.toLowerCase(), a.id, () =>
        saveName(b.client, name.replace(' ', '\u3000')),
      );
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: TAKEN, errors: { businessName: TAKEN } });
    });

    it('refuses a sign-up whose username or shop name another write was taking: 409 on that field', async () => {
      const [a, c] = [await signUpNursery(t), await signUpNursery(t)];
      const username = uniqueUsername('held');
      const byName = await whileHeld(username.toLowerCase(), a.id, () =>
        signUp({ username, isSeller: false }),
      );
      expect(byName.status).toBe(409);
      expect(byName.body).toEqual({ message: USERNAME_TAKEN, errors: { username: USERNAME_TAKEN } });
      const name = `Held Shop ${tail()}`;
      const byShop = await whileHeld(name.toLowerCase(), c.id, () => signUp({ businessName: name }));
      expect(byShop.status).toBe(409);
      expect(byShop.body).toEqual({ message: TAKEN, errors: { businessName: TAKEN } });
    });
  },
);

describe("the start-up that computes the shop names' keys", () => {
  it('renames a shop name that reads as another member’s name, and runs once per definition', async () => {
    // Written by SQL, as by a writer that knows nothing of the keys: the trigger gives each its username's key.
    const s = tail().toLowerCase();
    const rows = await t.database.db
      .insert(users)
      .values(
        [
          [`first_${s}`, `Twin Grove ${s}`],
          [`second_${s}`, `Twin\u00a0Grove ${s}`],
          [`third_${s}`, `named_${s}`],
          [`named_${s}`, null],
          [`market_${s}`, 'Dragon Fruit Market'],
          [`own_${s}`, `OWN_${s}`],
        ].map(([username, businessName]) => ({
          username: username as string,
          email: `${username}@example.com`,
          password: 'x',
          isSeller: true,
          businessName,
        })),
      )
      .returning({ id: users.id, username: users.username });
    await t.database.db.delete(displayNamesState);
    await t.startUp();
    const named = await t.database.db
      .select({ username: users.username, businessName: users.businessName })
      .from(users)
      .where(sql`${users.username} like ${`%\\_${s}`}`)
      .orderBy(users.id);
    expect(named).toEqual([
      { username: `first_${s}`, businessName: `Twin Grove ${s}` },
      { username: `second_${s}`, businessName: `Twin\u00a0Grove ${s} (second_${s})` },
      { username: `third_${s}`, businessName: `named_${s} (third_${s})` },
      { username: `named_${s}`, businessName: null },
      { username: `market_${s}`, businessName: `Dragon Fruit Market (market_${s})` },
      { username: `own_${s}`, businessName: `OWN_${s}` },
    ]);
    const keys = await t.database.db
      .select({ key: displayNames.key, userId: displayNames.userId, kind: displayNames.kind })
      .from(displayNames)
      .where(sql`${displayNames.userId} in ${rows.map((r) => r.id)}`)
      .orderBy(displayNames.userId, displayNames.kind);
    expect(keys.map((k) => [k.key, k.kind])).toEqual([
      [`twin grove ${s}`, 'shop'],
      [`first_${s}`, 'username'],
      [`twin grove ${s} (second_${s})`, 'shop'],
      [`second_${s}`, 'username'],
      [`named_${s} (third_${s})`, 'shop'],
      [`third_${s}`, 'username'],
      [`named_${s}`, 'username'],
      [`dragon fruit market (market_${s})`, 'shop'],
      [`market_${s}`, 'username'],
      [`own_${s}`, 'username'],
    ]);
    // Computed once: a second start-up finds the definition unchanged and renames nothing.
    const ownId = rows[5]?.id ?? 0;
    await t.database.db
      .update(users)
      .set({ businessName: 'Dragon Fruit Marketplace' })
      .where(eq(users.id, ownId));
    await t.startUp();
    const [own] = await t.database.db
      .select({ businessName: users.businessName })
      .from(users)
      .where(eq(users.id, ownId));
    expect(own?.businessName).toBe('Dragon Fruit Marketplace');
  });
});
