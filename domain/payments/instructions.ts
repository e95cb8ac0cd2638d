/**
 * A nursery's payment instructions (docs/decisions/0021-payments.md): how a buyer pays it under the default provider
 * (Zelle, Venmo, a cheque's address), written by the nursery in its profile and shown to its buyers after checkout.
 * Plain text of several lines, through the text-field rules of domain/text-fields.ts.
 */
import { controlCharactersMessage } from '../text';
import { optionalText } from '../text-fields';

export const PAYMENT_INSTRUCTIONS_MAX = 1_000;

export const PAYMENT_INSTRUCTIONS_MESSAGES = {
  type: 'Payment instructions must be text',
  max: `Payment instructions must be at most ${PAYMENT_INSTRUCTIONS_MAX} characters`,
  control: controlCharactersMessage('Payment instructions'),
} as const;

/** The field of the seller's profile: absent, blank or invisible is none (null). */
export const paymentInstructionsSchema = optionalText({
  field: 'Payment instructions',
  line: false,
  max: PAYMENT_INSTRUCTIONS_MAX,
  maxMessage: PAYMENT_INSTRUCTIONS_MESSAGES.max,
  typeMessage: PAYMENT_INSTRUCTIONS_MESSAGES.type,
  controlMessage: PAYMENT_INSTRUCTIONS_MESSAGES.control,
});
