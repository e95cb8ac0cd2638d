import type { ShipsAs } from '@domain/constants';
import { hardinessOf, VARIETY_HARDINESS, zoneFit, zoneFitText } from '@domain/listings/hardiness';
import { holdText, typicalLowF, weatherHold, ZONE_CLIMATE } from '@domain/shipping/holds';
import { HARDINESS_ZONES } from '@domain/shipping/zones';
import { describe, expect, it } from 'vitest';
import { hardinessZone } from '../../server/src/modules/shipping/hardiness-zones';

const on15th = (month: number) => `2027-${String(month).padStart(2, '0')}-15`;
const letter = { ship: 'S', 'heat-pack': 'P', hold: 'H' } as const;

describe('the climate rule for live plants', () => {
  // Each month's 15th, January to December, a cutting two days on the road: S ships, P ships with a heat pack, H is
  // held. Worked out by hand from ZONE_CLIMATE's lows: under 36 °F held, under 46 a heat pack.
  it.each([
    ['4a', 'HHHHPSSSSHHH'],
    ['4b', 'HHHPSSSSSPHH'],
    ['5a', 'HHHPSSSSSPHH'], // no city: 4b's
    ['5b', 'HHHHPSSSSPHH'],
    ['6a', 'HHHPSSSSSSHH'],
    ['6b', 'HHHPSSSSSPHH'],
    ['7a', 'HHHPSSSSSPHH'], // no city: 6b's
    ['7b', 'HHHPSSSSSSPH'],
    ['8a', 'HPPSSSSSSSPP'],
    ['8b', 'HPPSSSSSSSPP'], // no city: 8a's
    ['9a', 'PSSSSSSSSSSS'],
    ['9b', 'SSSSSSSSSSSS'],
    ['10a', 'SSSSSSSSSSSS'],
    ['10b', 'SSSSSSSSSSSS'],
    ['11a', 'SSSSSSSSSSSS'],
    ['11b', 'SSSSSSSSSSSS'],
  ])('zone %s, month by month: %s', (zone, expected) => {
    const got = Array.from(
      { length: 12 },
      (_, m) =>
        letter[
          weatherHold({ zone, shipOn: on15th(m + 1), shipsAs: 'unrooted-cutting', transitDays: 2 }).action
        ],
    ).join('');
    expect(got).toBe(expected);
  });

  it('never holds seeds, whatever the zone and month', () => {
    for (const zone of HARDINESS_ZONES)
      for (let m = 1; m <= 12; m++)
        expect(weatherHold({ zone, shipOn: on15th(m), shipsAs: 'seeds', transitDays: 5 })).toEqual({
          action: 'ship',
        });
  });

  it.each(['unrooted-cutting', 'bare-root', 'potted'] as ShipsAs[])(
    'holds a %s in a zone 4a January',
    (shipsAs) => {
      expect(weatherHold({ zone: '4a', shipOn: '2027-01-15', shipsAs, transitDays: 2 }).action).toBe('hold');
    },
  );

  it('says until about when a hold lasts: the first day a heat pack will do', () => {
    const held = weatherHold({ zone: '7b', shipOn: '2027-01-15', shipsAs: 'potted', transitDays: 2 });
    // New York's lows: 35 °F on March 15, 45 on April 15; 36 (rounded) two days after the 15th.
    expect(held).toEqual({ action: 'hold', lowF: 28, until: '2027-03-17', heatPack: true });
    expect(holdText(held as Extract<typeof held, { action: 'hold' }>, '7b')).toBe(
      'Held until about March 17 for cold in zone 7b',
    );
    // Across the new year: Chicago (6a) from December 20 to the end of March.
    expect(
      weatherHold({ zone: '6a', shipOn: '2027-12-20', shipsAs: 'potted', transitDays: 2 }),
    ).toMatchObject({
      action: 'hold',
      until: '2028-03-29',
    });
  });

  it('holds until no heat pack is needed when the trip outlasts one (over 3 days)', () => {
    // April 15 in New York: 45 °F, a heat pack's weather; five days on the road is past what a pack lasts.
    expect(weatherHold({ zone: '7b', shipOn: '2027-04-15', shipsAs: 'potted', transitDays: 3 }).action).toBe(
      'heat-pack',
    );
    expect(weatherHold({ zone: '7b', shipOn: '2027-04-15', shipsAs: 'potted', transitDays: 5 })).toEqual({
      action: 'hold',
      lowF: 45,
      until: '2027-04-17',
      heatPack: false,
    });
  });

  it('with a heat pack, says from when the plant ships without one', () => {
    // Atlanta (8a): 38 °F on February 15; 44 on March 15, 51 on April 15: 46 (rounded) on March 22.
    expect(weatherHold({ zone: '8a', shipOn: '2027-02-15', shipsAs: 'bare-root', transitDays: 2 })).toEqual({
      action: 'heat-pack',
      lowF: 38,
      withoutFrom: '2027-03-22',
    });
  });

  it('takes a day between two 15ths on the line between their lows', () => {
    expect(typicalLowF('7b', '2027-03-15')).toBe(35);
    expect(typicalLowF('7b', '2027-04-15')).toBe(45);
    expect(typicalLowF('7b', '2027-03-31')).toBeCloseTo(35 + (10 * 16) / 31, 5);
    expect(typicalLowF('7b', '2027-01-01')).toBeCloseTo(33 + (-5 * 17) / 31, 5);
  });

  it('treats zones colder than the coldest city as it, and refuses a zone that is not one', () => {
    expect(weatherHold({ zone: '1a', shipOn: '2027-07-15', shipsAs: 'potted', transitDays: 2 }).action).toBe(
      'ship',
    );
    expect(weatherHold({ zone: '2b', shipOn: '2027-01-15', shipsAs: 'potted', transitDays: 2 }).action).toBe(
      'hold',
    );
    expect(() =>
      weatherHold({ zone: '14a', shipOn: '2027-01-15', shipsAs: 'potted', transitDays: 2 }),
    ).toThrow('not a hardiness zone');
  });

  it('names for each city of the climate table the zone the app’s own zone table gives its ZIP code', async () => {
    for (const c of ZONE_CLIMATE) {
      expect(await hardinessZone(c.zip), c.city).toBe(c.zone);
      expect(c.lowsF).toHaveLength(12);
    }
  });
});

describe('how a variety fits a grower’s zone', () => {
  it.each([
    ['7b', 'container', 'Container or greenhouse in zone 7b'],
    ['9a', 'container', 'Container or greenhouse in zone 9a'],
    ['9b', 'protected', 'Outdoors with frost protection'],
    ['10a', 'outdoors', 'Grows outdoors in your zone'],
    ['11a', 'outdoors', 'Grows outdoors in your zone'],
    ['13b', 'outdoors', 'Grows outdoors in your zone'],
    ['1a', 'container', 'Container or greenhouse in zone 1a'],
  ])('zone %s: %s', (zone, fit, text) => {
    for (const variety of Object.keys(VARIETY_HARDINESS) as Array<keyof typeof VARIETY_HARDINESS>) {
      expect(zoneFit(variety, zone)).toBe(fit);
      expect(zoneFitText(zoneFit(variety, zone), zone)).toBe(text);
    }
  });

  it('refuses a zone that is not one, and takes the genus’s range for a variety the table lacks', () => {
    expect(() => zoneFit('Sugar Dragon', '7')).toThrow('not a hardiness zone');
    expect(hardinessOf('Moonlight Pitaya')).toEqual({ outdoorsFrom: '10a', protectedFrom: '9b' });
    expect(zoneFit('Moonlight Pitaya', '9b')).toBe('protected');
  });
});
