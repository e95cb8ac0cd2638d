/**
 * A seller's shipping profile (docs/product.md#seller-shipping-profile): the state its plants ship from (required
 * before buyers can order them), an optional shop name (its storefront's and the packing slip's) with the location
 * and bio its storefront shows, an optional return address (the packing slip's shipper), an
 * optional nursery licence or registration number, the states it chooses not to ship to, and the compliance
 * certificates it keeps on file for the shipping rules. The shape GET and PUT /api/seller/profile share, and the
 * /seller/profile form's messages. Whether a certificate has expired depends on today's date, and whether the return
 * address's ZIP code exists and lies in its state on the ZIP table, so the server checks those alone.
 */
import { z } from 'zod';
import { MESSAGES as ACCOUNT_MESSAGES, editableBusinessNameSchema } from '../accounts';
import { BIO_MAX, LENGTH_INCHES_MAX, LOCATION_MAX } from '../constants';
import { paymentInstructionsSchema } from '../payments';
import { controlCharactersMessage } from '../text';
import { editableText, optionalText, requiredText } from '../text-fields';
import { addressSchema } from './addresses';
import { SHIP_DAYS } from './arrival';
import { shippingRatesSchema } from './rates';
import { CERTIFICATE_KINDS, CERTIFICATE_LABELS, type IsoDate } from './rules';
import { isStateCode, STATE_CODES, type StateCode } from './states';

export const LICENCE_MAX = 60;
export const CERTIFICATE_NUMBER_MAX = 60;
/** A seller's handling time (days from an order to its shipping) when they have not said, and the most they may. */
export const HANDLING_DAYS_DEFAULT = 3;
export const HANDLING_DAYS_MAX = 30;

export const SELLER_PROFILE_MESSAGES = {
  shipFromState: 'Choose the state your plants ship from',
  licence: 'Licence must be text',
  licenceMax: `Licence or registration number must be at most ${LICENCE_MAX} characters`,
  licenceControl: controlCharactersMessage('Licence or registration number'),
  returnAddress: 'Return address must be a street address, city, state and ZIP code',
  blockedStates: 'States you do not ship to must be two-letter US state codes',
  certificates: `Certificates must be a list of at most ${CERTIFICATE_KINDS.length}, one of each kind`,
  certificateKind: 'Choose the kind of certificate',
  certificateDuplicate: 'You have this kind of certificate twice: keep one',
  certificateNumber: 'Enter the certificate number',
  certificateNumberMax: `Certificate number must be at most ${CERTIFICATE_NUMBER_MAX} characters`,
  certificateNumberControl: controlCharactersMessage('Certificate number'),
  certificateExpiry: 'Enter the date the certificate expires',
  notSeller: 'Only sellers have a shipping profile',
  handlingDays: `Handling time must be a whole number of days from 1 to ${HANDLING_DAYS_MAX}`,
  shipDays: 'Ship days must be one or more of mon, tue, wed, thu, fri, sat and sun',
  holiday:
    'A holiday must give its last day away (until) and whether orders are taken meanwhile (takeOrders)',
  holidayUntil: 'Enter the last day of the holiday as YYYY-MM-DD',
  holidayTakeOrders: 'Say whether orders are taken during the holiday (true or false)',
  holidayFar: 'A holiday can end at most a year from today',
  freightOverInches: `Freight height must be a whole number of inches from 1 to ${LENGTH_INCHES_MAX}, or empty for none`,
} as const;

/** A holiday whose last day has passed (on its until field). */
export const holidayPastMessage = (until: IsoDate) =>
  `The holiday's last day, ${until}, has passed: enter today or a later day`;

/** A certificate whose expiry date has passed (on its expiresOn field). */
export const certificateExpiredMessage = (expiresOn: IsoDate) =>
  `This certificate expired on ${expiresOn}: enter the current one's number and date`;

/** True for a real calendar day written 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const stateCode = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toUpperCase()
    .refine(isStateCode, { error: message })
    .transform((v) => v as StateCode);

const certificateSchema = z.object({
  kind: z.enum(CERTIFICATE_KINDS, { error: SELLER_PROFILE_MESSAGES.certificateKind }),
  number: requiredText({
    field: 'Certificate number',
    line: true,
    required: SELLER_PROFILE_MESSAGES.certificateNumber,
    max: CERTIFICATE_NUMBER_MAX,
    maxMessage: SELLER_PROFILE_MESSAGES.certificateNumberMax,
    controlMessage: SELLER_PROFILE_MESSAGES.certificateNumberControl,
  }),
  expiresOn: z
    .string({ error: SELLER_PROFILE_MESSAGES.certificateExpiry })
    .trim()
    .refine(isIsoDate, { error: SELLER_PROFILE_MESSAGES.certificateExpiry }),
});

/**
 * Where undeliverable parcels come back to: the address book's own fields and messages (./addresses.ts), without the
 * name (the shipper's: the business name, else the username) and the phone. Its state may differ from the ship-from
 * state.
 */
const returnAddressFields = z.object(
  {
    line1: addressSchema.shape.line1,
    line2: addressSchema.shape.line2,
    city: addressSchema.shape.city,
    state: addressSchema.shape.state,
    zip: addressSchema.shape.zip,
  },
  { error: SELLER_PROFILE_MESSAGES.returnAddress },
);

const RETURN_ADDRESS_KEYS = ['line1', 'line2', 'city', 'state', 'zip'] as const;

/** True for a return address left empty: every field absent, null or blank (the form's empty fields). */
function isBlankAddress(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const fields = value as Record<string, unknown>;
  return RETURN_ADDRESS_KEYS.every((k) => {
    const v = fields[k];
    return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  });
}

/** The return address: absent, null or every field blank is none (existing sellers have none); else whole. */
export const returnAddressSchema = z
  .preprocess((v) => (isBlankAddress(v) ? null : v), returnAddressFields.nullish())
  .transform((v) => v ?? null);

export const sellerProfileSchema = z.object({
  shipFromState: stateCode(SELLER_PROFILE_MESSAGES.shipFromState),
  /**
   * What the storefront shows (docs/decisions/0024-storefronts.md): the shop name, the location and the bio. Sign-up
   * may have set them, so each left out is kept as it is; null or blank clears it.
   */
  businessName: editableBusinessNameSchema,
  location: editableText({
    field: 'Location',
    line: true,
    max: LOCATION_MAX,
    maxMessage: ACCOUNT_MESSAGES.location,
    controlMessage: ACCOUNT_MESSAGES.locationControl,
  }),
  bio: editableText({
    field: 'Bio',
    line: false,
    max: BIO_MAX,
    maxMessage: ACCOUNT_MESSAGES.bio,
    controlMessage: ACCOUNT_MESSAGES.bioControl,
  }),
  returnAddress: returnAddressSchema,
  licence: optionalText({
    field: 'Licence or registration number',
    line: true,
    max: LICENCE_MAX,
    maxMessage: SELLER_PROFILE_MESSAGES.licenceMax,
    typeMessage: SELLER_PROFILE_MESSAGES.licence,
    controlMessage: SELLER_PROFILE_MESSAGES.licenceControl,
  }),
  blockedStates: z
    .array(stateCode(SELLER_PROFILE_MESSAGES.blockedStates), { error: SELLER_PROFILE_MESSAGES.blockedStates })
    .max(STATE_CODES.length, { error: SELLER_PROFILE_MESSAGES.blockedStates })
    .default([])
    // Once each, in the states' order, whatever order they came in.
    .transform((codes) => STATE_CODES.filter((c) => codes.includes(c))),
  /** Days from an order to its shipping; past them the seller is reminded (left out: the default). */
  handlingDays: z
    .union([z.number(), z.string()], { error: SELLER_PROFILE_MESSAGES.handlingDays })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return HANDLING_DAYS_DEFAULT;
      const n = typeof v === 'number' ? v : /^\d{1,3}$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
      if (!Number.isInteger(n) || n < 1 || n > HANDLING_DAYS_MAX) {
        ctx.addIssue({ code: 'custom', message: SELLER_PROFILE_MESSAGES.handlingDays });
        return z.NEVER;
      }
      return n;
    }),
  /** The days of the week the nursery ships (./arrival.ts), each once, in the week's order; left out: kept. */
  shipDays: z
    .array(z.enum(SHIP_DAYS, { error: SELLER_PROFILE_MESSAGES.shipDays }), {
      error: SELLER_PROFILE_MESSAGES.shipDays,
    })
    .min(1, { error: SELLER_PROFILE_MESSAGES.shipDays })
    .max(SHIP_DAYS.length * 2, { error: SELLER_PROFILE_MESSAGES.shipDays })
    .transform((days) => SHIP_DAYS.filter((d) => days.includes(d)))
    .optional(),
  /**
   * A holiday pause: the last day away and whether orders are taken meanwhile; null ends it, left out keeps it. The
   * server refuses a last day already past, or more than a year ahead.
   */
  holiday: z
    .object(
      {
        until: z
          .string({ error: SELLER_PROFILE_MESSAGES.holidayUntil })
          .trim()
          .refine(isIsoDate, { error: SELLER_PROFILE_MESSAGES.holidayUntil })
          .transform((v) => v as IsoDate),
        takeOrders: z.boolean({ error: SELLER_PROFILE_MESSAGES.holidayTakeOrders }),
      },
      { error: SELLER_PROFILE_MESSAGES.holiday },
    )
    .nullable()
    .optional(),
  /** What a shipment costs the buyer, per kind of plant (./rates.ts); left out: kept as they are. */
  shippingRates: shippingRatesSchema.optional(),
  /** Potted plants taller than this many inches ship by freight (./rates.ts, isFreight); null or blank: none; left out: kept. */
  freightOverInches: z
    .union([z.number(), z.string(), z.null()], { error: SELLER_PROFILE_MESSAGES.freightOverInches })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
      const n = typeof v === 'number' ? v : /^\d{1,3}$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
      if (!Number.isInteger(n) || n < 1 || n > LENGTH_INCHES_MAX) {
        ctx.addIssue({ code: 'custom', message: SELLER_PROFILE_MESSAGES.freightOverInches });
        return z.NEVER;
      }
      return n;
    }),
  /** How buyers pay the nursery directly (docs/decisions/0021-payments.md); left out, blank: none. */
  paymentInstructions: paymentInstructionsSchema,
  certificates: z
    .array(certificateSchema, { error: SELLER_PROFILE_MESSAGES.certificates })
    .max(CERTIFICATE_KINDS.length, { error: SELLER_PROFILE_MESSAGES.certificates })
    .default([])
    .superRefine((list, ctx) => {
      list.forEach((c, i) => {
        if (list.findIndex((o) => o.kind === c.kind) !== i)
          ctx.addIssue({
            code: 'custom',
            path: [i, 'kind'],
            message: SELLER_PROFILE_MESSAGES.certificateDuplicate,
          });
      });
    }),
});

/** What the form sends. */
export type SellerProfileInput = z.input<typeof sellerProfileSchema>;
/** The checked profile. */
export type SellerProfileFields = z.output<typeof sellerProfileSchema>;

/** The certificate kinds with their labels, for the profile form's choice. */
export const CERTIFICATE_OPTIONS = CERTIFICATE_KINDS.map((kind) => ({
  kind,
  label: CERTIFICATE_LABELS[kind],
}));
