import {
  DEFAULT_RATES,
  isFreight,
  RATE_MESSAGES,
  type RateKind,
  ratesInCents,
  ratesInDollars,
  ratesLines,
  rateText,
  type ShippedLine,
  type ShippingRatesCents,
  shipmentShippingCents,
  shippingRatesSchema,
} from '@domain/shipping/rates';
import { describe, expect, it } from 'vitest';

const rates = (
  kinds: Partial<Record<RateKind, [number, number]>>,
  freeOverCents: number | null = null,
): ShippingRatesCents => ({
  kinds: {
    ...DEFAULT_RATES.kinds,
    ...Object.fromEntries(
      Object.entries(kinds).map(([k, [firstCents, additionalCents]]) => [k, { firstCents, additionalCents }]),
    ),
  },
  freeOverCents,
});

const line = (shipsAs: ShippedLine['shipsAs'], quantity: number, priceCents = 2_000): ShippedLine => ({
  shipsAs,
  quantity,
  priceCents,
});

// A nursery's rates: seeds $3.50 + $0.50, cuttings $8 + $1.50, bare root $10 + $3, potted $18 + $9.
const nursery = rates({
  seeds: [350, 50],
  unrootedCutting: [800, 150],
  bareRoot: [1_000, 300],
  potted: [1_800, 900],
});

describe('a shipment’s shipping', () => {
  it.each([
    ['nothing in it', [], DEFAULT_RATES, 0],
    ['one cutting, a new nursery’s rates', [line('unrooted-cutting', 1)], DEFAULT_RATES, 1_299],
    [
      'five potted plants, a new nursery’s rates: 12.99 whatever the size',
      [line('potted', 5)],
      DEFAULT_RATES,
      1_299,
    ],
    [
      'every kind, a new nursery’s rates',
      [line('seeds', 2), line('potted', 1), line('bare-root', 3)],
      DEFAULT_RATES,
      1_299,
    ],
    ['one cutting', [line('unrooted-cutting', 1)], nursery, 800],
    ['three cuttings: first, then two additional', [line('unrooted-cutting', 3)], nursery, 800 + 2 * 150],
    ['a packet of seeds', [line('seeds', 1)], nursery, 350],
    ['two potted plants', [line('potted', 2)], nursery, 1_800 + 900],
    // Mixed: the highest first (potted, 18) once; every other unit its own kind's additional.
    [
      'a potted plant and two cuttings',
      [line('unrooted-cutting', 2), line('potted', 1)],
      nursery,
      1_800 + 2 * 150,
    ],
    ['two potted plants and seeds', [line('seeds', 1), line('potted', 2)], nursery, 1_800 + 900 + 50],
    ['bare root and seeds', [line('seeds', 4), line('bare-root', 1)], nursery, 1_000 + 4 * 50],
    ['a line of no units counts for nothing', [line('potted', 0), line('seeds', 1)], nursery, 350],
  ])('%s', (_name, lines, r, expected) => {
    expect(shipmentShippingCents(lines as ShippedLine[], r)).toBe(expected);
  });

  it('is free once the lines reach the threshold, and charged a cent below it', () => {
    const free = { ...nursery, freeOverCents: 5_000 };
    expect(shipmentShippingCents([line('potted', 2, 2_500)], free)).toBe(0);
    expect(shipmentShippingCents([line('potted', 1, 2_500), line('seeds', 1, 2_499)], free)).toBe(1_800 + 50);
    expect(shipmentShippingCents([line('potted', 1, 4_999)], free)).toBe(1_800);
    // A threshold of 0: every shipment ships free.
    expect(shipmentShippingCents([line('potted', 1)], { ...nursery, freeOverCents: 0 })).toBe(0);
  });

  it('a kind whose first is lower than its additional still pays the highest first once', () => {
    const odd = rates({ seeds: [100, 500], potted: [1_000, 200] });
    // potted first (10), its second unit 2, the seeds 5 each.
    expect(shipmentShippingCents([line('seeds', 2), line('potted', 2)], odd)).toBe(1_000 + 200 + 2 * 500);
  });
});

const valid = {
  seeds: { first: 3.5, additional: 0.5 },
  unrootedCutting: { first: '8', additional: '1.50' },
  bareRoot: { first: 10, additional: 3 },
  potted: { first: 18, additional: 9 },
  freeOver: 75,
};

describe('the rates a nursery sends', () => {
  it('are taken in dollars, numbers or a form’s text, and kept in cents', () => {
    const parsed = shippingRatesSchema.parse(valid);
    expect(parsed).toEqual({
      kinds: {
        seeds: { firstCents: 350, additionalCents: 50 },
        unrootedCutting: { firstCents: 800, additionalCents: 150 },
        bareRoot: { firstCents: 1_000, additionalCents: 300 },
        potted: { firstCents: 1_800, additionalCents: 900 },
      },
      freeOverCents: 7_500,
    });
    expect(ratesInDollars(parsed)).toEqual({ ...valid, unrootedCutting: { first: 8, additional: 1.5 } });
    expect(
      shippingRatesSchema.parse({ ...valid, potted: { first: 1000, additional: 0 } }).kinds.potted,
    ).toEqual({
      firstCents: 100_000,
      additionalCents: 0,
    });
    expect(
      shippingRatesSchema.parse({ ...valid, seeds: { first: 12.99, additional: 0.07 } }).kinds.seeds,
    ).toEqual({
      firstCents: 1_299,
      additionalCents: 7,
    });
  });

  it.each([null, undefined, '', '  '])('never ships free with a threshold of %j', (freeOver) => {
    expect(shippingRatesSchema.parse({ ...valid, freeOver }).freeOverCents).toBeNull();
  });

  it.each([
    ['a negative rate', { seeds: { first: -1, additional: 0 } }, 'Seeds: first item must be an amount'],
    [
      'a rate over $1,000',
      { potted: { first: 1000.01, additional: 0 } },
      'Potted plants: first item must be',
    ],
    [
      'three decimals',
      { bareRoot: { first: 10, additional: 0.125 } },
      'Bare-root plants: each additional item',
    ],
    [
      'three decimals as text',
      { bareRoot: { first: '10.999', additional: 0 } },
      'Bare-root plants: first item',
    ],
    ['an exponent', { seeds: { first: '1e2', additional: 0 } }, 'Seeds: first item'],
    ['letters', { unrootedCutting: { first: 'free', additional: 0 } }, 'Unrooted cuttings: first item'],
    ['a sign', { unrootedCutting: { first: '+5', additional: 0 } }, 'Unrooted cuttings: first item'],
    ['a negative text', { unrootedCutting: { first: '-5', additional: 0 } }, 'Unrooted cuttings: first item'],
    // Plain decimal only, as every amount a form takes (domain/numbers.ts).
    ['a bare point', { seeds: { first: '.5', additional: 0 } }, 'Seeds: first item'],
    ['a trailing point', { seeds: { first: '12.', additional: 0 } }, 'Seeds: first item'],
    ['a hex number', { seeds: { first: '0x10', additional: 0 } }, 'Seeds: first item'],
    ['not a number', { seeds: { first: Number.NaN, additional: 0 } }, 'Seeds: first item'],
    ['infinity', { seeds: { first: Number.POSITIVE_INFINITY, additional: 0 } }, 'Seeds: first item'],
    ['a boolean', { seeds: { first: true, additional: 0 } }, 'Seeds: first item'],
    ['a missing additional', { seeds: { first: 3 } }, 'Seeds: each additional item'],
    ['a missing kind', { potted: undefined }, RATE_MESSAGES.rates],
    ['a kind that is not an object', { potted: 5 }, RATE_MESSAGES.rates],
    ['a negative threshold', { freeOver: -0.01 }, RATE_MESSAGES.freeOver],
    ['a threshold with three decimals', { freeOver: '50.001' }, RATE_MESSAGES.freeOver],
    ['a threshold over $100,000', { freeOver: 100_000.01 }, RATE_MESSAGES.freeOver],
    ['a threshold of text', { freeOver: 'soon' }, RATE_MESSAGES.freeOver],
  ])('refuses %s with a clear message', (_name, change, message) => {
    const result = shippingRatesSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).join(' | ')).toContain(message);
  });

  it('refuses rates that are not an object', () => {
    for (const v of [null, 12.99, 'cheap', []]) {
      const result = shippingRatesSchema.safeParse(v);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(RATE_MESSAGES.rates);
    }
  });
});

describe('rates in words', () => {
  it('says each kind as a buyer reads it, one line when every kind costs the same', () => {
    expect(rateText({ first: 6.5, additional: 1.25 })).toBe('$6.50 for the first, $1.25 for each more');
    expect(rateText({ first: 12.99, additional: 0 })).toBe('$12.99 a shipment, however many');
    expect(rateText({ first: 0, additional: 0 })).toBe('Free');
    expect(ratesLines(ratesInDollars(DEFAULT_RATES))).toEqual(['$12.99 a shipment, however many']);
    expect(
      ratesLines({
        seeds: { first: 3, additional: 0.5 },
        unrootedCutting: { first: 6.5, additional: 1.25 },
        bareRoot: { first: 0, additional: 0 },
        potted: { first: 24.99, additional: 12 },
        freeOver: 50,
      }),
    ).toEqual([
      'Seeds: $3.00 for the first, $0.50 for each more',
      'Unrooted cuttings: $6.50 for the first, $1.25 for each more',
      'Bare-root plants: Free',
      'Potted plants: $24.99 for the first, $12.00 for each more',
      'Free shipping on $50.00 or more of its plants',
    ]);
  });

  it('reads the API’s dollars back into the cents they were saved as', () => {
    const rates = shippingRatesSchema.parse({
      seeds: { first: '0.07', additional: '0.29' },
      unrootedCutting: { first: 1.1, additional: 2.2 },
      bareRoot: { first: 999.99, additional: 0.01 },
      potted: { first: 19.9, additional: 0 },
      freeOver: 100_000,
    });
    expect(ratesInCents(ratesInDollars(rates))).toEqual(rates);
  });
});

describe('freight', () => {
  it.each([
    ['a potted plant taller than the height', 'potted', 60, 48, true],
    ['a potted plant of the height itself', 'potted', 48, 48, false],
    ['a potted plant shorter', 'potted', 36, 48, false],
    ['a potted plant without a height', 'potted', null, 48, false],
    ['a potted plant of a nursery without freight', 'potted', 90, null, false],
    ['a long cutting', 'unrooted-cutting', 60, 48, false],
    ['a tall bare-root plant', 'bare-root', 60, 48, false],
  ] as const)('%s: %s', (_name, shipsAs, lengthInches, freightOverInches, freight) => {
    expect(isFreight({ shipsAs, lengthInches }, freightOverInches)).toBe(freight);
  });
});
