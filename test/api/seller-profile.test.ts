import { monthDay } from '@domain/shipping';
import type { SellerProfile, ShippingCheck } from '@domain/shipping/responses';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema';
import { Client, createTestApp, registerUser, shippingDay, type TestApp } from '../support/app';
import { buyerWithCart, listingInput, signUpNursery } from '../support/fixtures';

// The seller's shipping profile (docs/product.md#seller-shipping-profile): GET and PUT /api/seller/profile.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

// A function, not a constant: the certificates' days are counted when a test sends the profile, so a run that crosses
// midnight in US Eastern time (when shippingToday turns) sends dates of the new day.
const full = () => ({
  shipFromState: 'FL',
  licence: 'FL-NUR-48213',
  handlingDays: 5,
  blockedStates: ['HI', 'AK'],
  certificates: [
    { kind: 'ca-nematode', number: 'CA-2231', expiresOn: shippingDay(200) },
    { kind: 'az-nursery-inspection', number: 'AZ-77', expiresOn: shippingDay(0) },
  ],
});

/** A new nursery's rates: the spec's $12.99 a shipment, whatever is in it. */
const NEW_RATES = {
  seeds: { first: 12.99, additional: 0 },
  unrootedCutting: { first: 12.99, additional: 0 },
  bareRoot: { first: 12.99, additional: 0 },
  potted: { first: 12.99, additional: 0 },
  freeOver: null,
};

async function newSeller() {
  return (await registerUser(t.server, { isSeller: true, profile: false })).client;
}

describe('who may read and change a shipping profile', () => {
  it('answers a visitor 401 and a buyer 403, and writes nothing', async () => {
    const visitor = new Client(t.server);
    expect((await visitor.get('/api/seller/profile')).status).toBe(401);
    expect((await visitor.put('/api/seller/profile', full())).status).toBe(401);
    const { client: buyer, user } = await registerUser(t.server);
    expect((await buyer.get('/api/seller/profile')).status).toBe(403);
    const res = await buyer.put<{ message: string }>('/api/seller/profile', full());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only seller accounts can do this');
    const [row] = await t.database.db
      .select({ shipFromState: users.shipFromState, licence: users.licence })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row).toEqual({ shipFromState: null, licence: null });
  });
});

describe('a seller’s shipping profile', () => {
  it('starts empty, and a new seller’s plants cannot be ordered until it says where they ship from', async () => {
    const seller = await newSeller();
    const res = await seller.get<SellerProfile>('/api/seller/profile');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      shipFromState: null,
      businessName: null,
      location: null,
      bio: null,
      returnAddress: null,
      licence: null,
      blockedStates: [],
      certificates: [],
      handlingDays: 3,
      paymentInstructions: null,
      shippingRates: NEW_RATES,
      freightOverInches: null,
      shipDays: ['mon', 'tue', 'wed'],
      holiday: null,
    });

    // Seeds, which no plant rule restricts: only the missing ship-from state keeps them from New York.
    const listed = await seller.post<{ id: number }>('/api/products', listingInput({ form: 'seed' }));
    expect(listed.status).toBe(201);
    const check = () =>
      new Client(t.server).get<ShippingCheck[]>(`/api/shipping/check?state=NY&products=${listed.body.id}`);
    expect((await check()).body[0]).toMatchObject({
      status: 'blocked',
      text: "Can't ship to NY: This nursery has not said where it ships from yet, so it cannot ship anywhere.",
    });
    expect((await seller.put('/api/seller/profile', { shipFromState: 'FL' })).status).toBe(200);
    expect((await check()).body[0]).toMatchObject({ status: 'allowed', text: 'Ships to NY' });
  });

  it('saves the whole profile, states once each in order, and answers it as GET does', async () => {
    const seller = await newSeller();
    const res = await seller.put<SellerProfile>('/api/seller/profile', {
      ...full(),
      shipFromState: 'fl',
      blockedStates: ['hi', 'AK', 'HI'],
    });
    expect(res.status).toBe(200);
    const expected = {
      shipFromState: 'FL',
      businessName: null,
      location: null,
      bio: null,
      returnAddress: null,
      licence: 'FL-NUR-48213',
      handlingDays: 5,
      blockedStates: ['AK', 'HI'],
      certificates: [
        { kind: 'az-nursery-inspection', number: 'AZ-77', expiresOn: shippingDay(0) },
        { kind: 'ca-nematode', number: 'CA-2231', expiresOn: shippingDay(200) },
      ],
      paymentInstructions: null,
      shippingRates: NEW_RATES,
      freightOverInches: null,
      shipDays: ['mon', 'tue', 'wed'],
      holiday: null,
    };
    expect(res.body).toEqual(expected);
    expect((await seller.get('/api/seller/profile')).body).toEqual(expected);
  });

  it('replaces the certificates and clears the licence and blocked states when they are left out', async () => {
    const seller = await newSeller();
    await seller.put('/api/seller/profile', full());
    const res = await seller.put<SellerProfile>('/api/seller/profile', {
      shipFromState: 'TX',
      licence: '  ',
      certificates: [{ kind: 'tx-phytosanitary', number: 'TX-1', expiresOn: shippingDay(30) }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      shipFromState: 'TX',
      businessName: null,
      location: null,
      bio: null,
      returnAddress: null,
      licence: null,
      handlingDays: 3,
      blockedStates: [],
      certificates: [{ kind: 'tx-phytosanitary', number: 'TX-1', expiresOn: shippingDay(30) }],
      paymentInstructions: null,
      shippingRates: NEW_RATES,
      freightOverInches: null,
      shipDays: ['mon', 'tue', 'wed'],
      holiday: null,
    });
  });

  it('keeps text as typed: $&, </script> and quotes are data', async () => {
    const seller = await newSeller();
    const licence = `$& </script><script>alert("x")</script> '`.slice(0, 60);
    const res = await seller.put<SellerProfile>('/api/seller/profile', {
      shipFromState: 'FL',
      licence,
      certificates: [{ kind: 'fl-inspection', number: '$&$1', expiresOn: shippingDay(1) }],
    });
    expect(res.status).toBe(200);
    expect(res.body.licence).toBe(licence);
    expect(res.body.certificates[0]?.number).toBe('$&$1');
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const seller = await newSeller();
    await seller.put('/api/seller/profile', full());
    const cert = full().certificates[0] as ReturnType<typeof full>['certificates'][number];
    const cases: Array<[string, unknown, string, string]> = [
      [
        'no state',
        { ...full(), shipFromState: undefined },
        'shipFromState',
        'Choose the state your plants ship from',
      ],
      [
        'unknown state',
        { ...full(), shipFromState: 'ZZ' },
        'shipFromState',
        'Choose the state your plants ship from',
      ],
      [
        'a blocked state that is not one',
        { ...full(), blockedStates: ['CA', 'XX'] },
        'blockedStates.1',
        'States you do not ship to must be two-letter US state codes',
      ],
      [
        'a handling time of 0 days',
        { ...full(), handlingDays: 0 },
        'handlingDays',
        'Handling time must be a whole number of days from 1 to 30',
      ],
      [
        'a handling time of 2.5 days',
        { ...full(), handlingDays: '2.5' },
        'handlingDays',
        'Handling time must be a whole number of days from 1 to 30',
      ],
      [
        'a handling time of 31 days',
        { ...full(), handlingDays: 31 },
        'handlingDays',
        'Handling time must be a whole number of days from 1 to 30',
      ],
      [
        'a long licence',
        { ...full(), licence: 'L'.repeat(2000) },
        'licence',
        'Licence or registration number must be at most 60 characters',
      ],
      [
        'a NUL in the licence',
        { ...full(), licence: 'FL\u0000123' },
        'licence',
        'Licence or registration number cannot contain control characters',
      ],
      [
        'a certificate number without an expiry',
        { ...full(), certificates: [{ kind: 'ca-nematode', number: 'CA-1' }] },
        'certificates.0.expiresOn',
        'Enter the date the certificate expires',
      ],
      [
        'a date that does not exist',
        { ...full(), certificates: [{ ...cert, expiresOn: '2027-02-30' }] },
        'certificates.0.expiresOn',
        'Enter the date the certificate expires',
      ],
      [
        'an expiry in the past',
        { ...full(), certificates: [{ ...cert, expiresOn: shippingDay(-1) }] },
        'certificates.0.expiresOn',
        `This certificate expired on ${shippingDay(-1)}: enter the current one's number and date`,
      ],
      [
        'an expiry without a number',
        { ...full(), certificates: [{ ...cert, number: ' ' }] },
        'certificates.0.number',
        'Enter the certificate number',
      ],
      [
        'a control character in a number',
        { ...full(), certificates: [{ ...cert, number: 'CA\u001b[31m' }] },
        'certificates.0.number',
        'Certificate number cannot contain control characters',
      ],
      [
        'an unknown kind',
        { ...full(), certificates: [{ ...cert, kind: 'mars-quarantine' }] },
        'certificates.0.kind',
        'Choose the kind of certificate',
      ],
      [
        'the same kind twice',
        { ...full(), certificates: [cert, { ...cert, number: 'CA-2' }] },
        'certificates.1.kind',
        'You have this kind of certificate twice: keep one',
      ],
      [
        'certificates that are not a list',
        { ...full(), certificates: 'ca-nematode' },
        'certificates',
        'Certificates must be a list of at most 4, one of each kind',
      ],
    ];
    for (const [what, body, field, message] of cases) {
      const res = await seller.put<{ message: string; errors?: Record<string, string> }>(
        '/api/seller/profile',
        body,
      );
      expect(res.status, what).toBe(400);
      expect(res.body.errors?.[field], what).toBe(message);
    }
    const after = await seller.get<SellerProfile>('/api/seller/profile');
    expect(after.body.licence).toBe(full().licence);
    expect(after.body.certificates).toHaveLength(2);
  });

  it('takes parallel saves in turn: the profile ends as one of them, whole', async () => {
    const seller = await newSeller();
    const bodies = Array.from({ length: 10 }, (_, i) => ({
      shipFromState: i % 2 ? 'FL' : 'TX',
      licence: `LIC-${i}`,
      blockedStates: [i % 2 ? 'HI' : 'AK'],
      certificates: [
        { kind: 'ca-nematode', number: `CA-${i}`, expiresOn: shippingDay(10 + i) },
        { kind: 'fl-inspection', number: `FL-${i}`, expiresOn: shippingDay(20 + i) },
      ],
    }));
    const answers = await Promise.all(bodies.map((b) => seller.put('/api/seller/profile', b)));
    expect(answers.map((a) => a.status)).toEqual(bodies.map(() => 200));
    const final = (await seller.get<SellerProfile>('/api/seller/profile')).body;
    const i = Number(final.licence?.slice(4));
    const body = bodies[i] as (typeof bodies)[number];
    expect(final).toEqual({
      ...body,
      businessName: null,
      location: null,
      bio: null,
      returnAddress: null,
      handlingDays: 3,
      certificates: [...body.certificates],
      paymentInstructions: null,
      shippingRates: NEW_RATES,
      freightOverInches: null,
      shipDays: ['mon', 'tue', 'wed'],
      holiday: null,
    });
  });
});

describe('the business name and return address the packing slip prints', () => {
  const RETURN = {
    line1: '24550 SW 187th Ave',
    line2: 'Gate 2',
    city: 'Homestead',
    state: 'FL',
    zip: '33031',
  };

  it('saves them, answers them as GET does, clears them when left blank, and keeps the name when left out', async () => {
    const seller = await newSeller();
    const res = await seller.put<SellerProfile>('/api/seller/profile', {
      shipFromState: 'FL',
      businessName: '  Homestead Pitaya Nursery ',
      returnAddress: { ...RETURN, state: 'fl', zip: ' 33031-1234 ' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      businessName: 'Homestead Pitaya Nursery',
      returnAddress: { ...RETURN, zip: '33031-1234' },
    });
    expect((await seller.get<SellerProfile>('/api/seller/profile')).body).toEqual(res.body);

    // The form sends every field of an address it left empty: that is no address.
    const blank = await seller.put<SellerProfile>('/api/seller/profile', {
      shipFromState: 'FL',
      businessName: '',
      returnAddress: { line1: ' ', line2: '', city: '', state: '', zip: '' },
    });
    expect(blank.status).toBe(200);
    expect(blank.body).toMatchObject({ businessName: null, returnAddress: null });

    await seller.put('/api/seller/profile', {
      shipFromState: 'FL',
      businessName: 'B',
      returnAddress: RETURN,
    });
    // The shop name may have been given at sign-up: left out, it stays (docs/decisions/0024-storefronts.md).
    const left = await seller.put<SellerProfile>('/api/seller/profile', { shipFromState: 'FL' });
    expect(left.body).toMatchObject({ businessName: 'B', returnAddress: null });
    const [row] = await t.database.db
      .select({ line1: users.returnLine1, line2: users.returnLine2, zip: users.returnZip })
      .from(users)
      .where(eq(users.username, (await seller.get<{ username: string }>('/api/auth/me')).body.username));
    expect(row).toEqual({ line1: null, line2: null, zip: null });
  });

  it('takes a return address in another state than the plants ship from, without line 2', async () => {
    const seller = await newSeller();
    const returnAddress = { line1: '1420 De Luz Rd', city: 'Fallbrook', state: 'CA', zip: '92028' };
    const res = await seller.put<SellerProfile>('/api/seller/profile', {
      shipFromState: 'FL',
      returnAddress,
    });
    expect(res.status).toBe(200);
    expect(res.body.returnAddress).toEqual({ ...returnAddress, line2: null });
    expect(res.body.shipFromState).toBe('FL');
  });

  it('keeps text as typed: $&, </script> and quotes are data', async () => {
    const seller = await newSeller();
    const businessName = `$&$1 </script><script>alert("x")</script> O'Brien's`;
    const line1 = '$& 12 </script> St';
    const res = await seller.put<SellerProfile>('/api/seller/profile', {
      shipFromState: 'FL',
      businessName,
      returnAddress: { ...RETURN, line1, line2: '$1 "suite"' },
    });
    expect(res.status).toBe(200);
    expect(res.body.businessName).toBe(businessName);
    expect(res.body.returnAddress).toMatchObject({ line1, line2: '$1 "suite"' });
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const seller = await newSeller();
    const saved = { shipFromState: 'FL', businessName: 'Kept Nursery', returnAddress: RETURN };
    await seller.put('/api/seller/profile', saved);
    const RLO = '\u202e';
    const cases: Array<[string, Record<string, unknown>, Record<string, string>]> = [
      [
        'a long business name',
        { businessName: 'N'.repeat(101) },
        { businessName: 'Shop name must be at most 100 characters' },
      ],
      [
        'a NUL in the business name',
        { businessName: 'Nursery\u0000' },
        { businessName: 'Shop name cannot contain control characters' },
      ],
      [
        'a line break in the business name',
        { businessName: 'Two\nlines' },
        { businessName: 'Shop name cannot contain control characters' },
      ],
      [
        'a text direction control in the business name',
        { businessName: `Nursery ${RLO}yrresruN` },
        { businessName: 'Shop name cannot contain text direction controls' },
      ],
      ['a business name that is not text', { businessName: 42 }, { businessName: 'Shop name must be text' }],
      [
        'a return address that is not an address',
        { returnAddress: '24550 SW 187th Ave, Homestead' },
        { returnAddress: 'Return address must be a street address, city, state and ZIP code' },
      ],
      [
        'a return address with a street only',
        { returnAddress: { line1: '1 Main St' } },
        {
          'returnAddress.city': 'Enter the city',
          'returnAddress.state': 'Choose a state',
          'returnAddress.zip': 'Enter a 5-digit ZIP code, or ZIP+4',
        },
      ],
      [
        'a return address without a street',
        { returnAddress: { ...RETURN, line1: '' } },
        { 'returnAddress.line1': 'Enter the street address' },
      ],
      [
        'zero-width characters for a street',
        { returnAddress: { ...RETURN, line1: '\u200b\u200d' } },
        { 'returnAddress.line1': 'Enter the street address' },
      ],
      [
        'a NUL in the street',
        { returnAddress: { ...RETURN, line1: '1 Main\u0000St' } },
        { 'returnAddress.line1': 'Address line 1 cannot contain control characters' },
      ],
      [
        'a text direction control in line 2',
        { returnAddress: { ...RETURN, line2: `Suite ${RLO}2` } },
        { 'returnAddress.line2': 'Address line 2 cannot contain text direction controls' },
      ],
      [
        'a long line 2',
        { returnAddress: { ...RETURN, line2: 'x'.repeat(101) } },
        { 'returnAddress.line2': 'Address line 2 must be at most 100 characters' },
      ],
      [
        'a long city',
        { returnAddress: { ...RETURN, city: 'C'.repeat(2000) } },
        { 'returnAddress.city': 'City must be at most 60 characters' },
      ],
      [
        'an unknown state',
        { returnAddress: { ...RETURN, state: 'ZZ' } },
        { 'returnAddress.state': 'Choose a state' },
      ],
      [
        'a ZIP code of the wrong shape',
        { returnAddress: { ...RETURN, zip: '3303' } },
        { 'returnAddress.zip': 'Enter a 5-digit ZIP code, or ZIP+4' },
      ],
      [
        'a ZIP code nobody has',
        { returnAddress: { ...RETURN, zip: '00000' } },
        { 'returnAddress.zip': 'ZIP 00000 is not a known US ZIP code' },
      ],
      [
        'a ZIP code of another state',
        { returnAddress: { ...RETURN, zip: '90210' } },
        { 'returnAddress.zip': 'ZIP 90210 is in CA, not FL' },
      ],
    ];
    for (const [what, fields, errors] of cases) {
      const res = await seller.put<{ message: string; errors?: Record<string, string> }>(
        '/api/seller/profile',
        {
          ...saved,
          ...fields,
        },
      );
      expect(res.status, what).toBe(400);
      expect(res.body.errors, what).toEqual(errors);
      expect(res.body.message, what).toBe(Object.values(errors)[0]);
    }
    const after = await seller.get<SellerProfile>('/api/seller/profile');
    expect(after.body).toMatchObject({ businessName: 'Kept Nursery', returnAddress: RETURN });
  });
});

describe('the payment instructions buyers follow to pay the nursery directly', () => {
  it('saves several lines as typed, trimmed, answers them as GET does, and clears them when left out or blank', async () => {
    const seller = await newSeller();
    const instructions =
      'Zelle: orders@homestead-pitaya.example\nOr a cheque to Homestead Pitaya, 28 SW 1st St';
    const res = await seller.put<SellerProfile>('/api/seller/profile', {
      shipFromState: 'FL',
      paymentInstructions: `  ${instructions}\n `,
    });
    expect(res.status).toBe(200);
    expect(res.body.paymentInstructions).toBe(instructions);
    expect((await seller.get<SellerProfile>('/api/seller/profile')).body.paymentInstructions).toBe(
      instructions,
    );
    for (const cleared of [{}, { paymentInstructions: ' \n ' }, { paymentInstructions: null }]) {
      await seller.put('/api/seller/profile', { shipFromState: 'FL', paymentInstructions: 'Venmo @x' });
      const res2 = await seller.put<SellerProfile>('/api/seller/profile', {
        shipFromState: 'FL',
        ...cleared,
      });
      expect(res2.body.paymentInstructions, JSON.stringify(cleared)).toBeNull();
    }
  });

  it('keeps $&, </script> and quotes as data, and refuses control characters, other types and over-long text', async () => {
    const seller = await newSeller();
    const tricky = `$& $1 </script><script>alert("x")</script> 'quoted'`;
    const res = await seller.put<SellerProfile>('/api/seller/profile', {
      shipFromState: 'FL',
      paymentInstructions: tricky,
    });
    expect(res.body.paymentInstructions).toBe(tricky);
    const cases: Array<[string, unknown, string]> = [
      ['a NUL', 'Zelle\u0000 me', 'Payment instructions cannot contain control characters'],
      ['a bell', 'Zelle\u0007', 'Payment instructions cannot contain control characters'],
      ['a number', 42, 'Payment instructions must be text'],
      ['1,001 characters', 'x'.repeat(1_001), 'Payment instructions must be at most 1000 characters'],
    ];
    for (const [what, value, message] of cases) {
      const bad = await seller.put<{ message: string; errors?: Record<string, string> }>(
        '/api/seller/profile',
        {
          shipFromState: 'FL',
          paymentInstructions: value,
        },
      );
      expect(bad.status, what).toBe(400);
      expect(bad.body.errors?.paymentInstructions, what).toBe(message);
    }
    expect((await seller.get<SellerProfile>('/api/seller/profile')).body.paymentInstructions).toBe(tricky);
    expect(
      (
        await seller.put('/api/seller/profile', {
          shipFromState: 'FL',
          paymentInstructions: 'x'.repeat(1_000),
        })
      ).status,
    ).toBe(200);
  });
});

describe('the shipping rates a nursery charges', () => {
  const rates = {
    seeds: { first: 3.5, additional: 0.5 },
    unrootedCutting: { first: 8, additional: 1.5 },
    bareRoot: { first: 10, additional: 3 },
    potted: { first: 24.99, additional: 12 },
    freeOver: 150,
  };
  const rateColumns = async (client: Client) => {
    const me = await client.get<{ id: number }>('/api/auth/me');
    const [row] = await t.database.db
      .select({
        seedsFirst: users.shipSeedsFirstCents,
        pottedFirst: users.shipPottedFirstCents,
        pottedAdditional: users.shipPottedAdditionalCents,
        freeOver: users.freeShippingOverCents,
      })
      .from(users)
      .where(eq(users.id, me.body.id));
    return row;
  };

  it('saves them in cents, answers them in dollars as GET does, and keeps them when left out', async () => {
    const seller = await newSeller();
    const res = await seller.put<SellerProfile>('/api/seller/profile', {
      shipFromState: 'FL',
      shippingRates: rates,
    });
    expect(res.status).toBe(200);
    expect(res.body.shippingRates).toEqual(rates);
    expect((await seller.get<SellerProfile>('/api/seller/profile')).body.shippingRates).toEqual(rates);
    expect(await rateColumns(seller)).toEqual({
      seedsFirst: 350,
      pottedFirst: 2_499,
      pottedAdditional: 1_200,
      freeOver: 15_000,
    });
    // A save without them (the profile form of before, or another field changed) keeps them.
    const again = await seller.put<SellerProfile>('/api/seller/profile', { shipFromState: 'TX' });
    expect(again.body.shippingRates).toEqual(rates);
    // A form's text, and no free shipping (blank).
    const text = await seller.put<SellerProfile>('/api/seller/profile', {
      shipFromState: 'TX',
      shippingRates: { ...rates, potted: { first: '19.90', additional: '0' }, freeOver: '' },
    });
    expect(text.status).toBe(200);
    expect(text.body.shippingRates).toEqual({
      ...rates,
      potted: { first: 19.9, additional: 0 },
      freeOver: null,
    });
  });

  it('refuses bad rates with a 400 naming the field, and writes nothing', async () => {
    const seller = await newSeller();
    await seller.put('/api/seller/profile', { shipFromState: 'FL', shippingRates: rates });
    const cases: Array<[string, unknown, string, string]> = [
      [
        'a negative rate',
        { ...rates, seeds: { first: -1, additional: 0 } },
        'shippingRates.seeds.first',
        'Seeds: first item must be an amount in dollars from 0 to 1000, with at most two decimals (e.g. 12.99)',
      ],
      [
        'a rate over $1,000',
        { ...rates, potted: { first: 1000.01, additional: 0 } },
        'shippingRates.potted.first',
        'Potted plants: first item must be an amount in dollars from 0 to 1000, with at most two decimals (e.g. 12.99)',
      ],
      [
        'three decimals',
        { ...rates, bareRoot: { first: 10, additional: 2.999 } },
        'shippingRates.bareRoot.additional',
        'Bare-root plants: each additional item must be an amount in dollars from 0 to 1000, with at most two decimals (e.g. 12.99)',
      ],
      [
        'letters and a NUL',
        { ...rates, unrootedCutting: { first: '8\u0000', additional: 0 } },
        'shippingRates.unrootedCutting.first',
        'Unrooted cuttings: first item must be an amount in dollars from 0 to 1000, with at most two decimals (e.g. 12.99)',
      ],
      [
        '$& as a rate',
        { ...rates, seeds: { first: '$&', additional: 0 } },
        'shippingRates.seeds.first',
        'Seeds: first item must be an amount in dollars from 0 to 1000, with at most two decimals (e.g. 12.99)',
      ],
      [
        'a free-shipping threshold below zero',
        { ...rates, freeOver: -5 },
        'shippingRates.freeOver',
        'Free shipping over must be an amount in dollars from 0 to 100000, with at most two decimals, or empty for never',
      ],
      [
        'a kind left out',
        { ...rates, potted: undefined },
        'shippingRates.potted',
        'Shipping rates must give a first and an additional price for seeds, unrooted cuttings, bare-root and potted plants',
      ],
      [
        'rates that are text',
        '12.99',
        'shippingRates',
        'Shipping rates must give a first and an additional price for seeds, unrooted cuttings, bare-root and potted plants',
      ],
    ];
    for (const [name, shippingRates, field, message] of cases) {
      const res = await seller.put<{ message: string; errors: Record<string, string> }>(
        '/api/seller/profile',
        {
          shipFromState: 'TX',
          licence: 'CHANGED',
          shippingRates,
        },
      );
      expect(res.status, name).toBe(400);
      expect(res.body.errors[field], name).toBe(message);
      const kept = (await seller.get<SellerProfile>('/api/seller/profile')).body;
      expect(kept.shippingRates, name).toEqual(rates);
      expect(kept.shipFromState, name).toBe('FL');
    }
  });
});

describe('the days a nursery ships and its holiday pause', () => {
  it('ships Monday to Wednesday until it says, saves its days in the week’s order, and keeps them when left out', async () => {
    const seller = await newSeller();
    expect((await seller.get<SellerProfile>('/api/seller/profile')).body).toMatchObject({
      shipDays: ['mon', 'tue', 'wed'],
      holiday: null,
    });
    const res = await seller.put<SellerProfile>('/api/seller/profile', {
      shipFromState: 'FL',
      shipDays: ['thu', 'mon', 'thu'],
    });
    expect(res.status).toBe(200);
    expect(res.body.shipDays).toEqual(['mon', 'thu']);
    const kept = await seller.put<SellerProfile>('/api/seller/profile', { shipFromState: 'FL' });
    expect(kept.body.shipDays).toEqual(['mon', 'thu']);
  });

  it('saves a holiday, keeps it when left out, and ends it with null', async () => {
    const seller = await newSeller();
    const holiday = { until: shippingDay(20), takeOrders: false };
    const res = await seller.put<SellerProfile>('/api/seller/profile', { shipFromState: 'FL', holiday });
    expect(res.status).toBe(200);
    expect(res.body.holiday).toEqual(holiday);
    expect((await seller.get<SellerProfile>('/api/seller/profile')).body.holiday).toEqual(holiday);
    expect(
      (await seller.put<SellerProfile>('/api/seller/profile', { shipFromState: 'FL' })).body.holiday,
    ).toEqual(holiday);
    // Today is not past: a holiday may end today.
    const today = await seller.put<SellerProfile>('/api/seller/profile', {
      shipFromState: 'FL',
      holiday: { until: shippingDay(0), takeOrders: true },
    });
    expect(today.body.holiday).toEqual({ until: shippingDay(0), takeOrders: true });
    const ended = await seller.put<SellerProfile>('/api/seller/profile', {
      shipFromState: 'FL',
      holiday: null,
    });
    expect(ended.body.holiday).toBeNull();
  });

  it('refuses bad days and holidays with a 400 naming the field, and writes nothing', async () => {
    const seller = await newSeller();
    const holiday = { until: shippingDay(10), takeOrders: true };
    await seller.put('/api/seller/profile', { shipFromState: 'FL', shipDays: ['tue'], holiday });
    const days = 'Ship days must be one or more of mon, tue, wed, thu, fri, sat and sun';
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['no ship day', { shipDays: [] }, 'shipDays', days],
      ['a day that is not one', { shipDays: ['mon', 'funday'] }, 'shipDays.1', days],
      ['a day in capitals', { shipDays: ['MON'] }, 'shipDays.0', days],
      ['days as text', { shipDays: 'mon,tue' }, 'shipDays', days],
      [
        'a holiday that ended yesterday',
        { holiday: { until: shippingDay(-1), takeOrders: true } },
        'holiday.until',
        `The holiday's last day, ${shippingDay(-1)}, has passed: enter today or a later day`,
      ],
      [
        'a holiday over a year away',
        { holiday: { until: shippingDay(400), takeOrders: true } },
        'holiday.until',
        'A holiday can end at most a year from today',
      ],
      [
        'a holiday on a day that does not exist',
        { holiday: { until: '2027-02-30', takeOrders: true } },
        'holiday.until',
        'Enter the last day of the holiday as YYYY-MM-DD',
      ],
      [
        'a holiday with $& as its day',
        { holiday: { until: '$&', takeOrders: true } },
        'holiday.until',
        'Enter the last day of the holiday as YYYY-MM-DD',
      ],
      [
        'a holiday without takeOrders',
        { holiday: { until: shippingDay(10) } },
        'holiday.takeOrders',
        'Say whether orders are taken during the holiday (true or false)',
      ],
      [
        'a holiday as text',
        { holiday: 'until January' },
        'holiday',
        'A holiday must give its last day away (until) and whether orders are taken meanwhile (takeOrders)',
      ],
    ];
    for (const [name, change, field, message] of cases) {
      const res = await seller.put<{ message: string; errors: Record<string, string> }>(
        '/api/seller/profile',
        {
          shipFromState: 'TX',
          ...change,
        },
      );
      expect(res.status, name).toBe(400);
      expect(res.body.errors[field], name).toBe(message);
      const kept = (await seller.get<SellerProfile>('/api/seller/profile')).body;
      expect([kept.shipFromState, kept.shipDays, kept.holiday], name).toEqual(['FL', ['tue'], holiday]);
    }
  });

  it('turns away orders for a nursery away that takes none, and takes them when it does', async () => {
    const nursery = await signUpNursery(t, { listing: { quantity: 5 } });
    const until = shippingDay(10);
    // The whole profile is saved: payment instructions too, or its buyers could not pay it.
    const profile = { shipFromState: 'FL', paymentInstructions: 'Zelle to 305-555-0100' };
    const away = await nursery.client.put('/api/seller/profile', {
      ...profile,
      holiday: { until, takeOrders: false },
    });
    expect(away.status).toBe(200);
    const buyer = await buyerWithCart(t, [nursery.listing]);
    const refused = await buyer.client.post<{ message: string }>('/api/orders', {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      new RegExp(
        `^.+ is away until ${monthDay(until)} and not taking orders: remove its plants from your cart, or order them after then\\.$`,
      ),
    );
    // Nothing taken: the line is still in the cart, the stock as it was.
    expect((await buyer.client.get<unknown[]>('/api/cart')).body).toHaveLength(1);
    expect(
      (await new Client(t.server).get<{ quantity: number }>(`/api/products/${nursery.listing.id}`)).body
        .quantity,
    ).toBe(5);
    // Taking orders during the pause: the order is placed (it ships after it).
    await nursery.client.put('/api/seller/profile', { ...profile, holiday: { until, takeOrders: true } });
    const placed = await buyer.client.post<{ message?: string }>('/api/orders', {});
    expect([placed.status, placed.body.message]).toEqual([201, undefined]);
  });
});
