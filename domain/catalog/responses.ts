/** The catalog's answers (docs/product.md#calls), as zod schemas and the types derived from them. */
import { z } from 'zod';
import { CUTTING_SIZES, FORMS, POLLINATIONS, SHIPS_AS } from '../constants';
import { dollars, id, isoDay, isoTime, sellerRefSchema } from '../responses';
import { CERTIFICATE_KINDS, SHIP_DAYS, STATE_CODES, shippingRatesResponse } from '../shipping';
import {
  CATALOG_FILTERS,
  type CatalogFilter,
  type DestinationFilters,
  type FlagFilters,
  hiddenKey,
  type ListFilters,
  type RangeFilters,
} from './filters';

/**
 * One of a listing's photos (docs/decisions/0022-listing-photos.md): WebP at up to three widths, never wider than
 * the photo, served from /media/ and cached for good.
 */
export const photoSchema = z
  .object({
    id: id(),
    width: z.int().positive().describe("The upright photo's width before it was scaled down"),
    height: z.int().positive(),
    placeholder: z.string().describe('A data URL of a tiny blurred version, to paint while the photo loads'),
    url: z
      .string()
      .describe('Its size for a card or a phone (640 px wide, or less when the photo is narrower)'),
    srcset: z.string().describe('Every size, for an img srcset ("/media/….webp 320w, …")'),
    sizes: z
      .array(z.object({ width: z.int().positive(), height: z.int().positive(), url: z.string() }))
      .describe('By ascending width'),
  })
  .meta({ id: 'Photo' });
export type Photo = z.output<typeof photoSchema>;

/** A listing's or a nursery's rating: the average of its reviews' stars, to one decimal, and how many there are. */
const ratingSchema = z.object({
  average: z.number().min(1).max(5).nullable().describe('To one decimal; null while there are no reviews'),
  count: z.int().nonnegative(),
});

/** A listing as the API shows it (docs/product.md#entities). Prices in dollars. */
export const productSchema = z
  .object({
    id: id(),
    sellerId: id(),
    title: z.string(),
    description: z.string(),
    variety: z.string(),
    form: z.enum(FORMS),
    cuttingSize: z
      .enum(CUTTING_SIZES)
      .nullable()
      .describe("A cutting's size; null for other forms or when unsaid"),
    pollination: z
      .enum(POLLINATIONS)
      .nullable()
      .describe(
        "'self': self-fertile; 'cross': needs a pollinator (another variety); null when the seller did not say",
      ),
    shipsAs: z.enum(SHIPS_AS).describe('How it ships (docs/product.md#plant-facts)'),
    rooted: z.boolean().describe('Whether it travels with roots: follows from shipsAs'),
    callused: z
      .boolean()
      .describe("Whether an unrooted cutting's cut end has dried (always false for anything else)"),
    lengthInches: z.int().positive().nullable(),
    segments: z.int().positive().nullable(),
    grafted: z.boolean(),
    rootstock: z
      .string()
      .nullable()
      .describe(
        'What a grafted plant grows on ("Vietnamese White", "Hylocereus undatus"); null when not grafted or unsaid',
      ),
    organic: z.boolean(),
    pesticideFree: z.boolean(),
    inStock: z.boolean(),
    quantity: z.int().nonnegative().describe('Units available'),
    price: dollars().describe('Unit price in dollars'),
    imageUrl: z
      .string()
      .describe("What shows while it has no photo: the seller's image URL or its variety's illustration"),
    cover: photoSchema
      .nullable()
      .describe('The first of its photos; null while it has none (imageUrl shows)'),
    createdAt: isoTime(),
    unitsSold: z.int().nonnegative().describe('Units sold so far (the popularity sort)'),
    blockedTo: z
      .array(z.enum(STATE_CODES))
      .describe(
        "The states (USPS codes) it may not be shipped to today, by the shipping rules or the seller's choice: a " +
          'card marks it for a buyer there when the "Ships to" filter is off',
      ),
    rating: ratingSchema.describe('Real ratings from reviews'),
    freight: z
      .boolean()
      .describe(
        'Whether it ships by freight: a potted plant taller than its nursery\'s freight height. Listed, bought by contacting the nursery: its card and page say "Freight: contact the nursery", and the cart refuses it',
      ),
    seller: sellerRefSchema.extend({
      location: z.string().nullable(),
      takingOrders: z
        .boolean()
        .describe(
          "Whether the nursery can take a buyer's payment now (its payment instructions, or its card payments account, " +
            'by the way of paying in force); false: its listings say "Not taking orders yet" and checkout refuses them',
        ),
      holidayUntil: isoDay()
        .nullable()
        .describe(
          'The last day of its holiday pause while it is away (null: not away): its cards say "Ships after January 5"',
        ),
    }),
  })
  .meta({ id: 'Product' });
export type Product = z.output<typeof productSchema>;

/** A nursery's holiday pause as a visitor's pages show it (its storefront, its listings' pages). */
const holidaySchema = () =>
  z
    .object({
      until: isoDay().describe('The last day away'),
      takeOrders: z.boolean().describe('Whether orders are taken meanwhile (they ship after it)'),
    })
    .nullable()
    .describe("Its nursery's holiday pause, until its last day has passed; null: none");

/** GET /api/products/:id: the listing with every photo, in the seller's order (the first is the cover). */
export const productDetailSchema = productSchema
  .extend({
    photos: z.array(photoSchema).describe("In the seller's order; the first is the cover"),
    shipping: z
      .object({
        first: dollars().describe('What a shipment whose first item it is costs to ship, in dollars'),
        additional: dollars().describe('What each further unit of it adds to a shipment, in dollars'),
        freeOver: dollars()
          .nullable()
          .describe("From this value of a shipment's plants its nursery ships free; null: never"),
        handlingDays: z.int().positive().describe('Days from an order to its shipping'),
        shipFromState: z
          .enum(STATE_CODES)
          .nullable()
          .describe('Where it ships from; null until the nursery says'),
        holiday: holidaySchema(),
      })
      .describe("Its nursery's shipping for what it ships as, now (docs/product.md#shipping-rates)"),
  })
  .meta({ id: 'ProductDetail' });
export type ProductDetail = z.output<typeof productDetailSchema>;

/**
 * GET /api/sellers/:username: a nursery's storefront (docs/decisions/0024-storefronts.md), what buyers judge it by.
 * Its listings are GET /api/products?seller=<username>.
 */
export const storefrontSchema = z
  .object({
    id: id(),
    username: z.string(),
    name: z.string().describe('Its shop name, else its username'),
    location: z.string().nullable(),
    bio: z.string().nullable(),
    memberSince: isoTime().describe('When it signed up'),
    rating: ratingSchema.describe("Every review of its listings, archived ones' included"),
    listings: z.int().nonnegative().describe('How many listings it has for sale'),
    licence: z.string().nullable().describe('Its nursery licence or registration number'),
    certificates: z
      .array(
        z.object({
          kind: z.enum(CERTIFICATE_KINDS),
          label: z.string(),
          expiresOn: isoDay().describe('The last day it is valid'),
        }),
      )
      .describe('The compliance certificates it keeps on file that are valid today'),
    shipping: z.object({
      shipFromState: z.enum(STATE_CODES).nullable().describe('Null until the nursery sets it'),
      handlingDays: z.int().positive().describe('Days from an order to its shipping'),
      blockedStates: z.array(z.enum(STATE_CODES)).describe('The states it chooses not to ship to'),
      shipDays: z.array(z.enum(SHIP_DAYS)).describe('The days of the week it ships, in the week’s order'),
      holiday: holidaySchema(),
      rates: shippingRatesResponse(),
    }),
  })
  .meta({ id: 'Storefront' });
export type Storefront = z.output<typeof storefrontSchema>;

/** GET /api/products, GET /api/products/:id/related, GET /api/seller/products. */
export const productListSchema = z.array(productSchema);

const count = () => z.int().nonnegative();
const maybeCount = () => count().nullable();

/** The facets' schemas by key, as the filter table gives them (the type says what each kind of filter gives). */
type FacetsShape = {
  [F in ListFilters as F['key']]: z.ZodObject<{ [V in F['options'][number]['value']]: z.ZodType<number> }>;
} & { [F in FlagFilters as F['key']]: z.ZodType<number> } & {
  [F in DestinationFilters as F['key']]: z.ZodType<number | null>;
} & { [F in DestinationFilters as `${F['key']}Hidden`]: z.ZodType<number | null> } & {
  [F in RangeFilters as F['key']]: z.ZodObject<{
    min: z.ZodType<number | null>;
    max: z.ZodType<number | null>;
  }>;
};

/** The facets' shape, built from CATALOG_FILTERS entry by entry. */
function facetsShape(): FacetsShape {
  const shape: Record<string, z.ZodType> = {};
  for (const f of CATALOG_FILTERS as readonly CatalogFilter[]) {
    if (f.kind === 'list')
      shape[f.key] = z
        .object(Object.fromEntries(f.options.map((o) => [o.value, count()])))
        .describe(
          `Per option of ${f.key}, how many listings match with it applied and the other filters as they are`,
        );
    else if (f.kind === 'flag')
      shape[f.key] = count().describe(
        `How many listings match with ${f.key}=true and the other filters as they are`,
      );
    else if (f.kind === 'destination') {
      shape[f.key] = maybeCount().describe(
        `How many listings match every filter, ${f.key} included; null when ${f.key} is not set`,
      );
      shape[hiddenKey(f.key)] = maybeCount().describe(
        `How many of the listings matching every other filter ${f.key} hides (a state's rule or the seller's ` +
          `choice); null when ${f.key} is not set`,
      );
    } else {
      const bound = () => f.valueSchema().nullable();
      shape[f.key] = z
        .object({ min: bound(), max: bound() })
        .describe(
          `The lowest and highest ${f.legend.toLowerCase()} among the listings matching the other filters ` +
            '(null when none match)',
        );
    }
  }
  // Built from the table, entry by entry: the type says what the table gives.
  return shape as FacetsShape;
}

/**
 * GET /api/products/facets: for every option, how many listings match with it applied; for a destination set, how
 * many match (null when not set: there is no place to count for) and, as `<key>Hidden` (shipsToHidden), how many
 * of the listings matching every other filter it hides (a state's rule or the seller's choice); each range's extent.
 */
export const catalogFacetsSchema = z.object(facetsShape());
export type CatalogFacets = z.output<typeof catalogFacetsSchema>;
