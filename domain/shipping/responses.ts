/**
 * The shipping area's answers (docs/product.md#calls): the address book, the ZIP lookup, the shipping check and the
 * seller's shipping profile, as zod schemas and the types derived from them.
 */
import { z } from 'zod';
import { id, isoDay } from '../responses';
import { ZIP_PATTERN } from './addresses';
import { SHIP_DAYS } from './arrival';
import { shippingRatesResponse } from './rates';
import { CERTIFICATE_KINDS } from './rules';
import { HANDLING_DAYS_MAX } from './seller-profile';
import { STATE_CODES } from './states';

/** The states (and territories) an address may be in, by their codes (./states.ts). */
export const stateCodeSchema = z
  .enum(STATE_CODES)
  .meta({ id: 'StateCode', description: "A US state's (or territory's) two-letter USPS code" });

const zipCode = () => z.string().regex(ZIP_PATTERN).describe('A 5-digit ZIP code, or ZIP+4');

/** An address as GET /api/addresses answers it. */
export const addressResponseSchema = z
  .object({
    id: id(),
    name: z.string(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: stateCodeSchema,
    zip: zipCode(),
    phone: z.string().nullable(),
    isDefault: z.boolean(),
  })
  .meta({ id: 'Address' });
export type Address = z.output<typeof addressResponseSchema>;

/** GET /api/zips/:zip: the place a ZIP code belongs to. */
export const zipPlaceSchema = z.object({
  zip: z
    .string()
    .regex(/^\d{5}$/)
    .describe('The first five digits of the ZIP code asked about'),
  city: z.string(),
  state: z.string().describe("A USPS code, which may be a territory's"),
});
export type ZipPlace = z.output<typeof zipPlaceSchema>;

/** GET /api/zones/:zip: the USDA hardiness zone of a ZIP code, and the place the ZIP names. */
export const hardinessZonePlaceSchema = z
  .object({
    zip: z.string().regex(/^\d{5}$/),
    zone: z
      .string()
      .regex(/^\d{1,2}[ab]$/)
      .describe('The USDA plant hardiness half-zone, 1a to 13b'),
    place: z
      .string()
      .nullable()
      .describe('The city and state the ZIP code names ("Miami, FL"); null when unknown'),
  })
  .meta({ id: 'HardinessZone' });
export type HardinessZonePlace = z.output<typeof hardinessZonePlaceSchema>;

const shippingCheckFields = {
  productId: id(),
  text: z.string().describe('The line a buyer reads ("Ships to CA", "Can\'t ship to CA: …")'),
};

/** One listing's answer to GET /api/shipping/check: the decision and the line a buyer reads. */
export const shippingCheckSchema = z.discriminatedUnion('status', [
  z.object({ ...shippingCheckFields, status: z.literal('allowed') }),
  z.object({
    ...shippingCheckFields,
    status: z.literal('blocked'),
    reason: z.string().describe("The rule's words (what an inspector reads)"),
    plain: z.string().describe('What a grower reads first, in plain words'),
    sourceUrl: z.string().nullable().describe("The rule's source; null when the seller's own choices refuse"),
  }),
]);
export type ShippingCheck = z.output<typeof shippingCheckSchema>;

/** A certificate the seller keeps on file, as the profile answers it. */
export const sellerCertificateSchema = z.object({
  kind: z.enum(CERTIFICATE_KINDS),
  number: z.string(),
  expiresOn: isoDay().describe('The last day it is valid'),
});

/** A seller's return address, as the profile answers it: the address book's fields without the name and phone. */
export const returnAddressResponseSchema = z.object({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: stateCodeSchema,
  zip: zipCode(),
});
export type ReturnAddress = z.output<typeof returnAddressResponseSchema>;

/** GET /api/seller/profile (and PUT's answer). */
export const sellerProfileResponseSchema = z
  .object({
    shipFromState: stateCodeSchema.nullable().describe('Null until the seller sets it'),
    businessName: z
      .string()
      .nullable()
      .describe(
        "The shop name: the storefront's, the packing slip's shipper, whom buyers pay; null: the username",
      ),
    location: z.string().nullable().describe('Where the nursery is, as its storefront shows it'),
    bio: z.string().nullable().describe('What its storefront says about the nursery'),
    returnAddress: returnAddressResponseSchema
      .nullable()
      .describe('Null until the seller gives one; the packing slip then asks for it'),
    licence: z.string().nullable().describe('A nursery licence or registration number'),
    blockedStates: z.array(stateCodeSchema).describe('The states the seller chooses not to ship to'),
    certificates: z.array(sellerCertificateSchema),
    handlingDays: z
      .int()
      .min(1)
      .max(HANDLING_DAYS_MAX)
      .describe('Days from an order to its shipping; past them the seller is reminded'),
    paymentInstructions: z
      .string()
      .nullable()
      .describe('How buyers pay the nursery directly (Zelle, Venmo, a cheque address); null until it says'),
    shippingRates: shippingRatesResponse(),
    freightOverInches: z
      .int()
      .min(1)
      .nullable()
      .describe(
        'Potted plants taller than this many inches ship by freight: listed, bought by contacting the nursery; null: none',
      ),
    shipDays: z
      .array(z.enum(SHIP_DAYS))
      .min(1)
      .describe('The days of the week the nursery ships, in the week’s order'),
    holiday: z
      .object({
        until: isoDay().describe('The last day away'),
        takeOrders: z.boolean().describe('Whether orders are taken meanwhile (they ship after it)'),
      })
      .nullable()
      .describe('A holiday pause: its listings say "Ships after …"; null: none'),
  })
  .meta({ id: 'SellerProfile' });
export type SellerProfile = z.output<typeof sellerProfileResponseSchema>;

/**
 * GET /api/seller/missed: a state the seller's listings cannot reach for want of a certificate, and the buyers the
 * nursery missed there.
 */
export const missedDestinationSchema = z.object({
  state: stateCodeSchema,
  certificate: z.enum(CERTIFICATE_KINDS).describe('The certificate the state asks for'),
  certificateLabel: z.string(),
  listings: z.int().positive().describe("How many of the seller's visible listings it keeps out"),
  searches: z
    .int()
    .nonnegative()
    .describe(
      'How many marketplace searches from growers there asked for listings that may go there in the last 30 days',
    ),
});
export type MissedDestination = z.output<typeof missedDestinationSchema>;
