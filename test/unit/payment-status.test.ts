import type { ShipmentStatus } from '@domain/orders/shipments';
import type { MoneyJobState } from '@domain/payments/ledger';
import {
  orderPayment,
  orderPaymentLabel,
  type ShipmentPayment,
  shipmentPayment,
} from '@domain/payments/status';
import { describe, expect, it } from 'vitest';

// The payment states of docs/decisions/0021-payments.md, derived from the facts, never stored.
describe('payment states', () => {
  it("derives a shipment's from its status, when it was paid and its refund", () => {
    const at = '2026-11-26T10:00:00.000Z';
    const cases: Array<[ShipmentStatus, string | null, MoneyJobState, ShipmentPayment]> = [
      ['pending', null, 'none', 'awaiting'],
      ['pending', at, 'none', 'paid'],
      ['shipped', at, 'none', 'paid'],
      ['delivered', at, 'none', 'paid'],
      ['cancelled', null, 'none', 'not-collected'],
      ['cancelled', at, 'due', 'refund-due'],
      ['cancelled', at, 'sending', 'refund-due'],
      ['cancelled', at, 'unresolved', 'refund-due'],
      ['cancelled', at, 'sent', 'refunded'],
    ];
    for (const [status, paidAt, refundState, expected] of cases)
      expect(shipmentPayment({ status, paidAt, refundState }), `${status} ${paidAt} ${refundState}`).toBe(
        expected,
      );
  });

  it("derives an order's from its shipments', in words", () => {
    const cases: Array<[ShipmentPayment[], string]> = [
      [['awaiting'], 'Awaiting payment'],
      [['awaiting', 'awaiting'], 'Awaiting payment'],
      [['paid', 'awaiting'], 'Partly paid: 1 of 2 nurseries'],
      [['paid', 'awaiting', 'not-collected'], 'Partly paid: 1 of 2 nurseries'],
      [['paid', 'paid'], 'Paid'],
      [['paid', 'not-collected'], 'Paid'],
      [['paid', 'refund-due'], 'Paid, refund due'],
      [['paid', 'refunded'], 'Paid, part refunded'],
      [['awaiting', 'refunded'], 'Awaiting payment'],
      [['awaiting', 'refund-due'], 'Awaiting payment, refund due'],
      [['paid', 'awaiting', 'refund-due'], 'Partly paid: 1 of 2 nurseries, refund due'],
      // A part paid then cancelled is a refund due until every such refund is sent (issue 35).
      [['refund-due'], 'Refund due'],
      [['refunded', 'refund-due'], 'Refund due'],
      [['refunded'], 'Refunded'],
      [['refunded', 'not-collected'], 'Refunded'],
      [['not-collected', 'not-collected'], 'Cancelled before payment'],
    ];
    for (const [parts, label] of cases)
      expect(orderPaymentLabel(orderPayment(parts)), parts.join(',')).toBe(label);
    expect(orderPayment(['paid', 'awaiting', 'refunded'])).toEqual({
      status: 'partly-paid',
      paid: 1,
      live: 2,
      refunds: 1,
      refundsDue: 0,
    });
    expect(orderPayment(['refunded', 'refund-due', 'not-collected'])).toEqual({
      status: 'refund-due',
      paid: 0,
      live: 0,
      refunds: 2,
      refundsDue: 1,
    });
  });

  it('is held, whatever its shipments say, when the card payment came in short of the order', () => {
    for (const parts of [['awaiting'], ['awaiting', 'awaiting'], ['not-collected']] as ShipmentPayment[][]) {
      const held = orderPayment(parts, true);
      expect(held.status).toBe('held');
      expect(orderPaymentLabel(held)).toBe('Payment under review');
    }
  });
});
