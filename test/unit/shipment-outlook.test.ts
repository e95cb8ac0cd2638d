import { outlookLines, type ShipperFacts, shipmentOutlook } from '@domain/shipping';
import { describe, expect, it } from 'vitest';

// What the cart and the order tell of a shipment (domain/shipping/outlook.ts): its dates and the climate's hold.
const FLORIDA: ShipperFacts = {
  handlingDays: 3,
  shipDays: ['mon', 'tue', 'wed'],
  holidayUntil: null,
  shipFromState: 'FL',
};
const weekday = (iso: string) =>
  ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][new Date(`${iso}T00:00:00Z`).getUTCDay()];

describe("a shipment's outlook", () => {
  it('ships a live plant to Miami in January as it is, on the first ship day after the handling time', () => {
    // Thursday January 7, 2027, plus 3 days is Sunday the 10th: it leaves Monday the 11th.
    const o = shipmentOutlook({
      orderedOn: '2027-01-07',
      shipper: FLORIDA,
      to: { state: 'FL', zone: '11a' },
      kinds: ['unrooted-cutting'],
    });
    expect(o.hold).toEqual({ action: 'ship' });
    expect(o.dates).toEqual({ shipOn: '2027-01-11', arriveFrom: '2027-01-12', arriveTo: '2027-01-13' });
    expect(outlookLines(o, '11a', '2027-01-07')).toEqual([
      'Ships Monday, arrives about Tuesday to Wednesday',
    ]);
  });

  it('holds a live plant for New York in January, and dates it from the first ship day after the hold', () => {
    const o = shipmentOutlook({
      orderedOn: '2027-01-07',
      shipper: FLORIDA,
      to: { state: 'NY', zone: '7b' },
      kinds: ['potted', 'seeds'],
    });
    if (o.hold?.action !== 'hold') throw new Error(`expected a hold, got ${JSON.stringify(o.hold)}`);
    expect(o.hold.until > '2027-03-01').toBe(true);
    expect(o.dates?.shipOn && o.dates.shipOn >= o.hold.until).toBe(true);
    expect(['mon', 'tue', 'wed']).toContain(weekday(o.dates?.shipOn ?? ''));
    const lines = outlookLines(o, '7b', '2027-01-07');
    expect(lines[0]).toMatch(/^Held until about (March|April) \d+ for cold in zone 7b$/);
    expect(lines.at(-1)).toMatch(/^Ships (March|April) \d+, arrives about /);
  });

  it('sends it with a heat pack to New York in mid-November, a short trip from Florida', () => {
    const o = shipmentOutlook({
      orderedOn: '2026-11-12',
      shipper: FLORIDA,
      to: { state: 'NY', zone: '7b' },
      kinds: ['bare-root'],
    });
    expect(o.hold?.action).toBe('heat-pack');
    expect(outlookLines(o, '7b', '2026-11-12')[0]).toBe('Ships with a heat pack against the cold in zone 7b');
  });

  it('never holds seeds, nor a destination without a zone; tells no arrival without a state to ship from', () => {
    const to = { state: 'NY' as const, zone: '7b' };
    expect(
      shipmentOutlook({ orderedOn: '2027-01-07', shipper: FLORIDA, to, kinds: ['seeds'] }).hold,
    ).toBeNull();
    expect(
      shipmentOutlook({
        orderedOn: '2027-01-07',
        shipper: FLORIDA,
        to: { ...to, zone: null },
        kinds: ['potted'],
      }).hold,
    ).toBeNull();
    const unsaid = shipmentOutlook({
      orderedOn: '2027-01-07',
      shipper: { ...FLORIDA, shipFromState: null },
      to,
      kinds: ['potted'],
    });
    expect(unsaid.dates).toBeNull();
    expect(unsaid.hold?.action).toBe('hold');
  });

  it('leaves after a holiday pause, on a ship day', () => {
    const o = shipmentOutlook({
      orderedOn: '2026-12-20',
      shipper: { ...FLORIDA, holidayUntil: '2027-01-05' },
      to: { state: 'FL', zone: '10b' },
      kinds: ['unrooted-cutting'],
    });
    expect(o.dates?.shipOn).toBe('2027-01-06');
  });
});
