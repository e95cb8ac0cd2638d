/**
 * A refund a nursery paid directly gives back itself (docs/decisions/0027-direct-refunds.md): the seller records it
 * sent, with an optional note the buyer reads ("Sent by Zelle, reference 4411"). No amount is sent: the refund is the
 * part's amount, fixed at checkout.
 */
import { z } from 'zod';
import { optionalText } from '../text-fields';

export const REFUND_NOTE_MAX = 500;

export const REFUND_NOTE_MESSAGES = {
  type: 'Note must be text',
  max: `Note can be at most ${REFUND_NOTE_MAX} characters`,
} as const;

/** POST /api/seller/shipments/:id/refund-sent {note?}: several lines, no control characters; blank is none. */
export const refundSentSchema = z
  .object({
    note: optionalText({
      field: 'Note',
      line: false,
      max: REFUND_NOTE_MAX,
      maxMessage: REFUND_NOTE_MESSAGES.max,
      typeMessage: REFUND_NOTE_MESSAGES.type,
    }),
  })
  .nullish();
export type RefundSent = z.output<typeof refundSentSchema>;
