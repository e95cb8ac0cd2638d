import {
  DEFAULT_SHIP_DAYS,
  holidayNotice,
  holidayText,
  OFFSHORE_DAYS,
  regionOf,
  type ShipDay,
  shipDaysText,
  shipmentDates,
  shipmentDatesText,
  transitDays,
} from '@domain/shipping/arrival';
import { STATE_CODES, type StateCode } from '@domain/shipping/states';
import { describe, expect, it } from 'vitest';

describe('days on the road between two states', () => {
  it.each([
    ['FL', 'FL', [1, 2]],
    ['FL', 'GA', [1, 2]], // South Atlantic
    ['FL', 'NY', [2, 3]], // South Atlantic and Middle Atlantic share a border
    ['NY', 'OH', [2, 3]],
    ['FL', 'TX', [2, 4]], // through East South Central
    ['FL', 'CA', [3, 5]], // four borders apart
    ['ME', 'WA', [3, 5]],
    ['CA', 'OR', [1, 2]],
    ['CA', 'AZ', [2, 3]],
    ['FL', 'HI', OFFSHORE_DAYS],
    ['HI', 'CA', OFFSHORE_DAYS],
    ['PR', 'FL', OFFSHORE_DAYS],
    ['AK', 'WA', OFFSHORE_DAYS],
    ['HI', 'HI', [1, 2]],
  ])('%s to %s: %j', (from, to, expected) => {
    expect(transitDays(from as StateCode, to as StateCode)).toEqual(expected);
    expect(transitDays(to as StateCode, from as StateCode)).toEqual(expected);
  });

  it('knows a region for every state an address may be in', () => {
    for (const code of STATE_CODES) expect(() => regionOf(code)).not.toThrow();
  });
});

// 2026-11-28 is a Saturday; 2026-11-30 a Monday.
describe('when a shipment leaves and arrives', () => {
  const base = {
    handlingDays: 1,
    shipDays: DEFAULT_SHIP_DAYS,
    holidayUntil: null,
    from: 'FL' as StateCode,
    to: 'GA' as StateCode,
  };

  it('leaves on the next ship day once handled, and arrives within the region’s days', () => {
    const dates = shipmentDates({ ...base, orderedOn: '2026-11-28' });
    expect(dates).toEqual({ shipOn: '2026-11-30', arriveFrom: '2026-12-01', arriveTo: '2026-12-02' });
    expect(shipmentDatesText(dates, '2026-11-28')).toBe('Ships Monday, arrives about Tuesday to Wednesday');
  });

  it('waits past the ship days a handling time misses, and names dates beyond the coming week', () => {
    // Ordered Monday, three days' handling: Thursday, so the next Monday.
    const dates = shipmentDates({ ...base, handlingDays: 3, to: 'NY', orderedOn: '2026-11-30' });
    expect(dates).toEqual({ shipOn: '2026-12-07', arriveFrom: '2026-12-09', arriveTo: '2026-12-10' });
    expect(shipmentDatesText(dates, '2026-11-30')).toBe('Ships December 7, arrives about December 9 to 10');
  });

  it('delivers Monday to Saturday: a Sunday is not counted', () => {
    // Shipped Thursday December 3 to California (3 to 5 days): Friday, Saturday, Monday; Tuesday, Wednesday.
    const dates = shipmentDates({
      ...base,
      handlingDays: 2,
      shipDays: ['thu'],
      to: 'CA',
      orderedOn: '2026-12-01',
    });
    expect(dates).toEqual({ shipOn: '2026-12-03', arriveFrom: '2026-12-07', arriveTo: '2026-12-09' });
  });

  it('ships after a holiday pause, on the first ship day after its last day', () => {
    // Away until Tuesday January 5: Wednesday January 6 is the first ship day after it.
    const dates = shipmentDates({
      ...base,
      handlingDays: 3,
      holidayUntil: '2027-01-05',
      orderedOn: '2026-12-20',
    });
    expect(dates.shipOn).toBe('2027-01-06');
    expect(shipmentDatesText(dates, '2026-12-20')).toBe('Ships January 6, arrives about January 7 to 8');
    expect(holidayText('2027-01-05')).toBe('Ships after January 5');
    // A pause already over changes nothing.
    expect(shipmentDates({ ...base, holidayUntil: '2026-11-01', orderedOn: '2026-11-28' }).shipOn).toBe(
      '2026-11-30',
    );
  });

  it('needs a ship day in the week', () => {
    expect(() => shipmentDates({ ...base, shipDays: [], orderedOn: '2026-11-28' })).toThrow(
      'one day of the week',
    );
  });
});

describe('what a storefront says of the days a nursery ships', () => {
  it.each([
    [['mon', 'tue', 'wed'], 'Monday to Wednesday'],
    [['wed', 'mon', 'tue'], 'Monday to Wednesday'],
    [['mon', 'thu'], 'Monday and Thursday'],
    [['mon', 'tue'], 'Monday and Tuesday'],
    [['mon', 'wed', 'fri'], 'Monday, Wednesday and Friday'],
    [['tue'], 'Tuesday'],
    [['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], 'Every day'],
  ] as Array<[ShipDay[], string]>)('%j: %s', (days, text) => {
    expect(shipDaysText(days)).toBe(text);
  });

  it('says whether a nursery away takes orders', () => {
    expect(holidayNotice({ until: '2027-01-05', takeOrders: true })).toBe(
      'Away until January 5: orders placed now ship after then',
    );
    expect(holidayNotice({ until: '2027-01-05', takeOrders: false })).toBe(
      'Away until January 5 and not taking orders until then',
    );
  });
});
