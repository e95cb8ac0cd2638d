import { illustrationOf } from '@domain/catalog/illustrations';
import type { Product } from '@domain/catalog/responses';
import {
  CUTTING_SIZES,
  DEFAULT_SHIPS_AS,
  POLLINATIONS,
  type ProductForm,
  type ShipsAs,
} from '@domain/constants';
import { CALLUSED_SHIPS_AS, cuttingSizeOfLength, LENGTH_INCHES_MAX } from '@domain/listings/plant-facts';
import { LISTING_MESSAGES, type Listing, listingSchema } from '@domain/listings/schemas';
import type { FieldErrors, Resolver, UseFormReturn } from 'react-hook-form';
import type { ListingPayload } from './api';

/** What the form holds: numbers as typed (text), optional choices as '' when not given. */
export interface ListingFormValues {
  title: string;
  description: string;
  variety: string;
  form: ProductForm;
  cuttingSize: string;
  pollination: string;
  price: string;
  quantity: string;
  /** The plant facts (docs/product.md#listing-form): numbers as typed, '' when not given. */
  shipsAs: ShipsAs;
  callused: boolean;
  lengthInches: string;
  segments: string;
  grafted: boolean;
  rootstock: string;
  /**
   * Not sent: whether the seller picked how the listing ships. Until they do, it follows the form's default
   * (DEFAULT_SHIPS_AS) as the form changes.
   */
  shipsAsChosen: boolean;
  imageUrl: string;
  organic: boolean;
  pesticideFree: boolean;
  inStock: boolean;
}

/**
 * What the form is checked with beside its values: how many photos the listing has or will have (stored, uploading
 * or waiting), since a listing needs a photo or an image URL.
 */
export interface ListingFormContext {
  /** Null while an edit's stored photos load: the server checks then. */
  photos: number | null;
}

/** The form as react-hook-form gives it: the values as typed in, the checked listing out. */
export type ListingFormApi = UseFormReturn<ListingFormValues, ListingFormContext, Listing>;

/** The listing form's fields, in the order they are shown (server field errors go to these). */
export const LISTING_FIELDS = [
  'title',
  'description',
  'variety',
  'form',
  'cuttingSize',
  'pollination',
  'price',
  'quantity',
  'shipsAs',
  'callused',
  'lengthInches',
  'segments',
  'grafted',
  'rootstock',
  'imageUrl',
  'organic',
  'pesticideFree',
  'inStock',
] as const satisfies ReadonlyArray<keyof ListingFormValues>;

/** Listing form defaults: docs/product.md#listing-form. */
export const LISTING_DEFAULTS: ListingFormValues = {
  title: '',
  description: '',
  variety: 'Sugar Dragon',
  form: 'cutting',
  cuttingSize: '',
  pollination: 'self',
  price: '',
  quantity: '1',
  shipsAs: DEFAULT_SHIPS_AS.cutting,
  callused: false,
  lengthInches: '',
  segments: '',
  grafted: false,
  rootstock: '',
  shipsAsChosen: false,
  imageUrl: '',
  organic: false,
  pesticideFree: false,
  inStock: true,
};

/**
 * The shared listing schema (the server's own rules and messages) checks the form; it takes the form's
 * text for price, quantity, length and segments and '' for an unset cutting size, pollination, length,
 * segments or rootstock. Issues are read straight from the schema rather than through zodResolver, which
 * swaps a union's own message ("Price must be positive") for its first member's generic one. A blank price
 * or quantity is checked as missing, for the same reason: the schema answers an empty text with zod's
 * generic "Too small" message. Callused and the rootstock count only while the form shows them (an
 * unrooted cutting; a grafted plant), as the cutting size counts only for a cutting. Without photos (the context's
 * count), the image URL is needed.
 */
export const listingResolver: Resolver<ListingFormValues, ListingFormContext, Listing> = async (
  values,
  context,
) => {
  const photos = context?.photos ?? null;
  const result = await listingSchema.safeParseAsync({
    ...values,
    photos: photos ?? undefined,
    price: blankToMissing(values.price),
    quantity: blankToMissing(values.quantity),
    callused: values.shipsAs === CALLUSED_SHIPS_AS && values.callused,
    rootstock: values.grafted ? values.rootstock : '',
  });
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<ListingFormValues> = {};
  // The schema checks it only once every field is right: said with the other fields' messages here.
  if (values.imageUrl.trim() === '' && photos === 0)
    errors.imageUrl = { type: 'custom', message: LISTING_MESSAGES.imageOrPhoto };
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as keyof ListingFormValues;
    if ((LISTING_FIELDS as readonly string[]).includes(field) && !errors[field]) {
      errors[field] = { type: issue.code, message: issue.message };
    }
  }
  return { values: {}, errors };
};

function blankToMissing(value: string): string | undefined {
  return value.trim() === '' ? undefined : value;
}

const oneOf = <T extends string>(allowed: readonly T[], value: string | null): T | '' =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : '';

/** The form's values for an existing listing. */
export function listingToForm(product: Product): ListingFormValues {
  return {
    title: product.title,
    description: product.description,
    variety: product.variety,
    form: product.form,
    cuttingSize: oneOf(CUTTING_SIZES, product.cuttingSize),
    pollination: oneOf(POLLINATIONS, product.pollination),
    price: String(product.price),
    quantity: String(product.quantity),
    shipsAs: product.shipsAs,
    callused: product.callused,
    lengthInches: product.lengthInches === null ? '' : String(product.lengthInches),
    segments: product.segments === null ? '' : String(product.segments),
    grafted: product.grafted,
    rootstock: product.rootstock ?? '',
    // A way of shipping other than the form's default was the seller's choice: it stays when the form changes.
    shipsAsChosen: product.shipsAs !== DEFAULT_SHIPS_AS[product.form],
    // Left empty when it was added with photos and no URL: the server stored its drawing (illustrationOf).
    imageUrl: product.cover && product.imageUrl === illustrationOf(product) ? '' : product.imageUrl,
    organic: product.organic,
    pesticideFree: product.pesticideFree,
    inStock: product.inStock,
  };
}

/** When the form changes: how the listing ships follows the new form's default, unless the seller picked it. */
export function followFormDefault(form: ListingFormApi, productForm: ProductForm): void {
  if (!form.getValues('shipsAsChosen')) form.setValue('shipsAs', DEFAULT_SHIPS_AS[productForm]);
}

/**
 * When the length changes: a single-tip cutting's size follows it (the length is the truth, cuttingSizeOfLength), so
 * the form never holds a size its length contradicts unless the seller picks one; multi-tip stays.
 */
export function followLength(form: ListingFormApi, typed: string): void {
  const length = Number(typed);
  if (typed.trim() === '' || !Number.isInteger(length) || length < 1 || length > LENGTH_INCHES_MAX) return;
  if (form.getValues('form') !== 'cutting' || form.getValues('cuttingSize') === 'multi-tip') return;
  form.setValue('cuttingSize', cuttingSizeOfLength(length), { shouldValidate: form.formState.isSubmitted });
}

/**
 * The request body: the checked listing (cutting size already cleared for any form but cutting) with
 * sellerId 0, as the spec's form sends it; the server takes the owner from the session.
 */
export function toListingPayload(listing: Listing): ListingPayload {
  return {
    ...listing,
    cuttingSize: listing.form === 'cutting' ? listing.cuttingSize : null,
    sellerId: 0,
  };
}
