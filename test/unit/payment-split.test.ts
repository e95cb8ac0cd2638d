import { basisPointsOf, COMMISSION_BP_MAX, splitOrder } from '@domain/payments/split';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// The rounding rule of docs/decisions/0021-payments.md: the cents always add up.
describe('splitting an order among its shipments', () => {
  it('shares the shipping by the lines, the leftover cents to the largest remainders, ties to the lower id', () => {
    const equal = [
      { id: 7, linesCents: 1_000 },
      { id: 3, linesCents: 1_000 },
      { id: 5, linesCents: 1_000 },
    ];
    expect(splitOrder(equal, 999, 0).map((s) => s.shippingCents)).toEqual([333, 333, 333]);
    // 1000 / 3: one cent left over, and the three remainders tie: shipment 3 (the lowest id) takes it.
    expect(splitOrder(equal, 1_000, 0).map((s) => [s.id, s.shippingCents])).toEqual([
      [7, 333],
      [3, 334],
      [5, 333],
    ]);
    // 999 by 1:2 is 333 and 666 exactly; 1000 by 1:3 is 250 and 750.
    const uneven = [
      { id: 1, linesCents: 2_500 },
      { id: 2, linesCents: 5_000 },
    ];
    expect(splitOrder(uneven, 999, 0).map((s) => s.shippingCents)).toEqual([333, 666]);
    // 1000 by 2500:5000 is 333.3 and 666.6: the larger remainder (shipment 2) takes the cent.
    expect(splitOrder(uneven, 1_000, 0).map((s) => s.shippingCents)).toEqual([333, 667]);
  });

  it('takes the commission rounded half up and leaves the rest as the net', () => {
    const [one] = splitOrder([{ id: 1, linesCents: 1_000 }], 5, 1_000);
    // 10% of $10.05 is 100.5 cents: 101.
    expect(one).toEqual({
      id: 1,
      linesCents: 1_000,
      shippingCents: 5,
      grossCents: 1_005,
      commissionBp: 1_000,
      commissionCents: 101,
      netCents: 904,
    });
    expect(basisPointsOf(1_004, 1_000)).toBe(100);
    expect(basisPointsOf(0, 2_500)).toBe(0);
    expect(splitOrder([{ id: 1, linesCents: 1_234 }], 999, 0)[0]?.netCents).toBe(2_233);
  });

  it('refuses fractions, negatives and a commission over half', () => {
    expect(() => splitOrder([{ id: 1, linesCents: 10.5 }], 0, 0)).toThrow(RangeError);
    expect(() => splitOrder([{ id: 1, linesCents: 10 }], -1, 0)).toThrow(RangeError);
    expect(() => splitOrder([{ id: 1, linesCents: 10 }], 0, COMMISSION_BP_MAX + 1)).toThrow(RangeError);
  });

  it('always adds up: grosses to the total, shares to the shipping, each net and commission to its gross', () => {
    const order = fc.record({
      shipments: fc
        .uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 12 })
        .chain((ids) =>
          fc.tuple(
            ...ids.map((id) =>
              fc.record({ id: fc.constant(id), linesCents: fc.integer({ min: 1, max: 2e8 }) }),
            ),
          ),
        ),
      shipping: fc.integer({ min: 0, max: 100_000 }),
      bp: fc.integer({ min: 0, max: COMMISSION_BP_MAX }),
    });
    fc.assert(
      fc.property(order, ({ shipments, shipping, bp }) => {
        const split = splitOrder(shipments, shipping, bp);
        const lines = shipments.reduce((sum, s) => sum + s.linesCents, 0);
        expect(split.map((s) => s.id)).toEqual(shipments.map((s) => s.id));
        expect(split.reduce((sum, s) => sum + s.shippingCents, 0)).toBe(shipping);
        expect(split.reduce((sum, s) => sum + s.grossCents, 0)).toBe(lines + shipping);
        for (const [i, s] of split.entries()) {
          const exact = (shipping * (shipments[i]?.linesCents ?? 0)) / lines;
          // Each share is its exact part rounded down, or one cent more.
          expect(s.shippingCents - Math.floor(exact)).toBeGreaterThanOrEqual(0);
          expect(s.shippingCents - Math.floor(exact)).toBeLessThanOrEqual(1);
          expect(s.netCents + s.commissionCents).toBe(s.grossCents);
          expect(s.netCents).toBeGreaterThanOrEqual(0);
          expect(Math.abs(s.commissionCents - (s.grossCents * bp) / 10_000)).toBeLessThanOrEqual(0.5);
        }
      }),
      { numRuns: 500 },
    );
  });
});
