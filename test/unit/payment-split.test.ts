import { basisPointsOf, COMMISSION_BP_MAX, splitOrder } from '@domain/payments/split';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// The money of each shipment, fixed at checkout (docs/decisions/0021-payments.md): the cents always add up.
describe("an order's money, shipment by shipment", () => {
  it('gives each shipment its own shipping: nothing is shared by value', () => {
    // Two nurseries at $12.99 each and one that ships free: each keeps its own, whatever its lines are worth.
    const split = splitOrder(
      [
        { id: 7, linesCents: 21_999, shippingCents: 1_299 },
        { id: 3, linesCents: 500, shippingCents: 1_299 },
        { id: 5, linesCents: 9_000, shippingCents: 0 },
      ],
      0,
    );
    expect(split.map((s) => [s.id, s.shippingCents, s.grossCents])).toEqual([
      [7, 1_299, 23_298],
      [3, 1_299, 1_799],
      [5, 0, 9_000],
    ]);
  });

  it('takes the commission rounded half up and leaves the rest as the net', () => {
    const [one] = splitOrder([{ id: 1, linesCents: 1_000, shippingCents: 5 }], 1_000);
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
    expect(splitOrder([{ id: 1, linesCents: 1_234, shippingCents: 999 }], 0)[0]?.netCents).toBe(2_233);
  });

  it('refuses fractions, negatives and a commission over half', () => {
    expect(() => splitOrder([{ id: 1, linesCents: 10.5, shippingCents: 0 }], 0)).toThrow(RangeError);
    expect(() => splitOrder([{ id: 1, linesCents: 10, shippingCents: -1 }], 0)).toThrow(RangeError);
    expect(() => splitOrder([{ id: 1, linesCents: 10, shippingCents: 0.5 }], 0)).toThrow(RangeError);
    expect(() => splitOrder([{ id: 1, linesCents: 10, shippingCents: 0 }], COMMISSION_BP_MAX + 1)).toThrow(
      RangeError,
    );
  });

  it('always adds up: grosses to the total, each net and commission to its gross', () => {
    const order = fc.record({
      shipments: fc
        .uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 12 })
        .chain((ids) =>
          fc.tuple(
            ...ids.map((id) =>
              fc.record({
                id: fc.constant(id),
                linesCents: fc.integer({ min: 1, max: 2e8 }),
                shippingCents: fc.integer({ min: 0, max: 100_000 }),
              }),
            ),
          ),
        ),
      bp: fc.integer({ min: 0, max: COMMISSION_BP_MAX }),
    });
    fc.assert(
      fc.property(order, ({ shipments, bp }) => {
        const split = splitOrder(shipments, bp);
        const total = shipments.reduce((sum, s) => sum + s.linesCents + s.shippingCents, 0);
        expect(split.map((s) => [s.id, s.linesCents, s.shippingCents])).toEqual(
          shipments.map((s) => [s.id, s.linesCents, s.shippingCents]),
        );
        expect(split.reduce((sum, s) => sum + s.grossCents, 0)).toBe(total);
        for (const s of split) {
          expect(s.grossCents).toBe(s.linesCents + s.shippingCents);
          expect(s.netCents + s.commissionCents).toBe(s.grossCents);
          expect(s.netCents).toBeGreaterThanOrEqual(0);
          expect(Math.abs(s.commissionCents - (s.grossCents * bp) / 10_000)).toBeLessThanOrEqual(0.5);
        }
      }),
      { numRuns: 500 },
    );
  });
});
