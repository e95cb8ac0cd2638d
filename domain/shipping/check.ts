import { z } from 'zod';
import type { ShippingCheck } from './responses';
import type { ShippingDecision } from './rules';
import { isStateCode, type StateCode } from './states';

/** The most listings one shipping check may ask about (a cart holds fewer in practice). */
export const SHIPPING_CHECK_MAX = 100;

export const SHIPPING_CHECK_MESSAGES = {
  state: 'state must be a two-letter US state code',
  products: `products must be 1 to ${SHIPPING_CHECK_MAX} listing ids, separated by commas`,
} as const;

/** GET /api/shipping/check?state=CA&products=1,2,3: may these listings ship to this state? */
export const shippingCheckQuerySchema = z.object({
  state: z
    .string({ error: SHIPPING_CHECK_MESSAGES.state })
    .trim()
    .toUpperCase()
    .refine(isStateCode, { error: SHIPPING_CHECK_MESSAGES.state })
    .transform((s) => s as StateCode),
  products: z
    .string({ error: SHIPPING_CHECK_MESSAGES.products })
    .max(1200, { error: SHIPPING_CHECK_MESSAGES.products })
    .transform((v, ctx) => {
      const ids = [...new Set(v.split(',').map((s) => s.trim()))];
      const valid = ids.every((s) => /^[1-9]\d{0,9}$/.test(s) && Number(s) <= 2_147_483_647);
      if (!valid || ids.length === 0 || ids.length > SHIPPING_CHECK_MAX) {
        ctx.addIssue({ code: 'custom', message: SHIPPING_CHECK_MESSAGES.products });
        return z.NEVER;
      }
      return ids.map(Number);
    }),
});

/** A decision as the check answers it (labels and certificate numbers are the seller's business, not shown). */
export function toShippingCheck(productId: number, decision: ShippingDecision, text: string): ShippingCheck {
  return decision.status === 'allowed'
    ? { productId, text, status: 'allowed' }
    : {
        productId,
        text,
        status: 'blocked',
        reason: decision.reason,
        plain: decision.plain,
        sourceUrl: decision.sourceUrl ?? null,
      };
}
