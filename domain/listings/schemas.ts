/**
 * The listing a seller creates or edits (docs/product.md#validation, Listing), checked the same way by the form and
 * by POST /api/products and PUT /api/products/:id. `sellerId` is not part of it: the owner is the signed-in
 * seller, whatever a body says.
 */
import { z } from 'zod';
import { MAX_PRICE } from '../catalog';
import { CUTTING_SIZES, FORMS, POLLINATIONS, QUANTITY_MAX, SHIPS_AS, VARIETIES } from '../constants';
import { toCents } from '../money';
import { parseDecimal } from '../numbers';
import { controlCharactersMessage, hasControlCharacters } from '../text';
import { editableText, requiredText } from '../text-fields';
import { PHOTOS_PER_LISTING } from './photos';
import {
  CALLUSED_SHIPS_AS,
  cuttingSizeProblem,
  LENGTH_INCHES_MAX,
  PLANT_FACTS_MESSAGES,
  ROOTSTOCK_MAX,
  SEGMENTS_MAX,
} from './plant-facts';

export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 5000;
export const IMAGE_URL_MAX = 2000;

export const LISTING_MESSAGES = {
  title: 'Title is required',
  titleMax: `Title must be at most ${TITLE_MAX} characters`,
  description: 'Description is required',
  descriptionMax: `Description must be at most ${DESCRIPTION_MAX} characters`,
  titleControl: controlCharactersMessage('Title'),
  descriptionControl: controlCharactersMessage('Description'),
  variety: 'Variety is required',
  varietyUnknown: `Variety must be one of ${VARIETIES.join(', ')}`,
  form: `Form must be one of ${FORMS.join(', ')}`,
  cuttingSize: `Cutting size must be one of ${CUTTING_SIZES.join(', ')}`,
  pollination: 'Pollination must be self or cross',
  imageUrl: 'Please enter a valid URL',
  imageOrPhoto: 'Add a photo or an image URL',
  photos: `photos must be a whole number from 0 to ${PHOTOS_PER_LISTING}`,
  price: 'Price must be positive',
  priceMin: 'Price must be at least $0.01',
  priceCents: 'Price can have at most 2 decimal places',
  priceMax: `Price must be at most $${MAX_PRICE.toLocaleString('en-US')}`,
  quantity: 'Quantity must be a positive integer',
  quantityMax: `Quantity must be at most ${QUANTITY_MAX.toLocaleString('en-US')}`,
  expectedQuantity: `expectedQuantity must be a whole number from 0 to ${QUANTITY_MAX.toLocaleString('en-US')}`,
  ...PLANT_FACTS_MESSAGES,
} as const;

/** PUT /api/products/:id with an expectedQuantity that is no longer the stock: a sale came first. */
export function stockChangedMessage(quantity: number): string {
  return `The stock changed while you were editing: ${quantity.toLocaleString('en-US')} left now. Check the quantity and save again.`;
}

/** An image address the page can show safely: http(s), or a path on this site ("/images/…"). */
export function isSafeImageUrl(value: string): boolean {
  if (hasControlCharacters(value)) return false;
  if (/^\/(?!\/)/.test(value)) return !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * An optional whole number from 1 to `max`, typed in a form (text, '' when left empty) or sent as a number; null
 * or '' clear it, and leaving it out is kept apart from clearing it (undefined).
 */
const optionalWholeNumber = (message: string, max: number) =>
  z
    .union([z.number(), z.string(), z.null()], { error: message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v === null || v === '') return null;
      const n = typeof v === 'number' ? v : (parseDecimal(v) ?? Number.NaN);
      if (!Number.isInteger(n) || n < 1 || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** A number typed in a form arrives as text (plain decimal only); JSON clients send numbers. Both are accepted. */
const numeric = (message: string) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : (parseDecimal(v) ?? Number.NaN);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return n;
  });

export const listingSchema = z
  .object({
    title: requiredText({
      field: 'Title',
      line: true,
      required: LISTING_MESSAGES.title,
      max: TITLE_MAX,
      maxMessage: LISTING_MESSAGES.titleMax,
      controlMessage: LISTING_MESSAGES.titleControl,
    }),
    description: requiredText({
      field: 'Description',
      line: false,
      required: LISTING_MESSAGES.description,
      max: DESCRIPTION_MAX,
      maxMessage: LISTING_MESSAGES.descriptionMax,
      controlMessage: LISTING_MESSAGES.descriptionControl,
    }),
    // One of VARIETIES, so nothing more to check than that.
    variety: z
      .string({ error: LISTING_MESSAGES.variety })
      .trim()
      .min(1, { error: LISTING_MESSAGES.variety })
      .refine((v) => (VARIETIES as readonly string[]).includes(v), {
        error: LISTING_MESSAGES.varietyUnknown,
      }),
    form: z.enum(FORMS, { error: LISTING_MESSAGES.form }),
    cuttingSize: z
      .union([z.enum(CUTTING_SIZES), z.literal(''), z.null()], { error: LISTING_MESSAGES.cuttingSize })
      .optional(),
    pollination: z
      .union([z.enum(POLLINATIONS), z.literal(''), z.null()], { error: LISTING_MESSAGES.pollination })
      .optional(),
    organic: z.boolean().default(false),
    pesticideFree: z.boolean().default(false),
    inStock: z.boolean().default(true),
    quantity: numeric(LISTING_MESSAGES.quantity)
      .refine((n) => Number.isInteger(n) && n >= 1, { error: LISTING_MESSAGES.quantity })
      .refine((n) => n <= QUANTITY_MAX, { error: LISTING_MESSAGES.quantityMax }),
    price: numeric(LISTING_MESSAGES.price)
      .refine((n) => n > 0, { error: LISTING_MESSAGES.price })
      // A positive amount too small for the cent tolerance below (1e-9) would otherwise round to $0.00.
      .refine((n) => toCents(n) >= 1, { error: LISTING_MESSAGES.priceMin })
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, { error: LISTING_MESSAGES.priceCents })
      .refine((n) => n <= MAX_PRICE, { error: LISTING_MESSAGES.priceMax }),
    /**
     * What shows while the listing has no photo. Empty (or left out) when it has photos, or will have: a new listing
     * says how many follow in `photos` (docs/decisions/0031-a-photo-or-an-image-url.md).
     */
    imageUrl: z
      .string({ error: LISTING_MESSAGES.imageUrl })
      .trim()
      .max(IMAGE_URL_MAX, { error: LISTING_MESSAGES.imageUrl })
      .refine((v) => v === '' || isSafeImageUrl(v), { error: LISTING_MESSAGES.imageUrl })
      .default(''),
    /**
     * New listings only: how many photos the seller uploads right after it is added (the listing form's chosen
     * files). With none and no image URL, the listing is refused: it would have nothing of its own to show.
     */
    photos: z
      .number({ error: LISTING_MESSAGES.photos })
      .int({ error: LISTING_MESSAGES.photos })
      .min(0, { error: LISTING_MESSAGES.photos })
      .max(PHOTOS_PER_LISTING, { error: LISTING_MESSAGES.photos })
      .optional(),
    /**
     * Edits only: the stock the seller saw when they opened the form. When a sale has changed it since, the edit
     * is refused (409) instead of putting the sold units back on sale. Without it, the edit simply applies.
     */
    expectedQuantity: z
      .number({ error: LISTING_MESSAGES.expectedQuantity })
      .int({ error: LISTING_MESSAGES.expectedQuantity })
      .min(0, { error: LISTING_MESSAGES.expectedQuantity })
      .max(QUANTITY_MAX, { error: LISTING_MESSAGES.expectedQuantity })
      .optional(),
    // The plant facts (./plant-facts.ts). Each may be left out: a new listing then takes its default, an edit
    // keeps the stored value (resolvePlantFacts, applied by the listings service).
    shipsAs: z.enum(SHIPS_AS, { error: PLANT_FACTS_MESSAGES.shipsAs }).optional(),
    callused: z.boolean({ error: PLANT_FACTS_MESSAGES.callused }).optional(),
    lengthInches: optionalWholeNumber(PLANT_FACTS_MESSAGES.lengthInches, LENGTH_INCHES_MAX),
    segments: optionalWholeNumber(PLANT_FACTS_MESSAGES.segments, SEGMENTS_MAX),
    grafted: z.boolean({ error: PLANT_FACTS_MESSAGES.grafted }).optional(),
    rootstock: editableText({
      field: 'Rootstock',
      line: true,
      max: ROOTSTOCK_MAX,
      maxMessage: PLANT_FACTS_MESSAGES.rootstock,
      controlMessage: PLANT_FACTS_MESSAGES.rootstockControl,
    }),
  })
  // The plant facts that contradict each other as given; the listings service checks them again against what
  // they resolve to (a fact left out of an edit keeps its stored value).
  .superRefine((l, ctx) => {
    // Said to have no photos, it needs an image URL (an edit, which says nothing of photos, is checked by the
    // listings service against the photos it has).
    if (l.imageUrl === '' && l.photos === 0)
      ctx.addIssue({ code: 'custom', path: ['imageUrl'], message: LISTING_MESSAGES.imageOrPhoto });
    // A cutting's size follows from its length (cuttingSizeProblem, ./plant-facts.ts).
    const size = l.form === 'cutting' && l.cuttingSize ? l.cuttingSize : null;
    const sizeProblem = typeof l.lengthInches === 'number' ? cuttingSizeProblem(size, l.lengthInches) : null;
    if (sizeProblem) ctx.addIssue({ code: 'custom', path: ['cuttingSize'], message: sizeProblem });
    if (l.callused === true && l.shipsAs !== undefined && l.shipsAs !== CALLUSED_SHIPS_AS)
      ctx.addIssue({ code: 'custom', path: ['callused'], message: PLANT_FACTS_MESSAGES.callusedUnrooted });
    if (l.rootstock && l.grafted === false)
      ctx.addIssue({
        code: 'custom',
        path: ['rootstock'],
        message: PLANT_FACTS_MESSAGES.rootstockNotGrafted,
      });
  })
  // A cutting size belongs to cuttings only: any other form drops it.
  .transform((l) => ({
    ...l,
    cuttingSize: l.form === 'cutting' && l.cuttingSize ? l.cuttingSize : null,
    pollination: l.pollination ? l.pollination : null,
    rootstock: l.rootstock === undefined ? undefined : l.rootstock || null,
  }));
export type ListingInput = z.input<typeof listingSchema>;
export type Listing = z.output<typeof listingSchema>;
