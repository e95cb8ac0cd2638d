import type { Product } from '@domain/catalog/schemas';
import { CUTTING_SIZES, POLLINATIONS, type ProductForm } from '@domain/constants';
import { type Listing, listingSchema } from '@domain/listings/schemas';
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
  imageUrl: string;
  organic: boolean;
  pesticideFree: boolean;
  inStock: boolean;
}

/** The form as react-hook-form gives it: the values as typed in, the checked listing out. */
export type ListingFormApi = UseFormReturn<ListingFormValues, unknown, Listing>;

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
  imageUrl: '',
  organic: false,
  pesticideFree: false,
  inStock: true,
};

/**
 * The shared listing schema (the server's own rules and messages) checks the form; it takes the form's
 * text for price and quantity and '' for an unset cutting size or pollination. Issues are read straight
 * from the schema rather than through zodResolver, which swaps a union's own message ("Price must be
 * positive") for its first member's generic one. A blank price or quantity is checked as missing, for the
 * same reason: the schema answers an empty text with zod's generic "Too small" message.
 */
export const listingResolver: Resolver<ListingFormValues, unknown, Listing> = async (values) => {
  const result = await listingSchema.safeParseAsync({
    ...values,
    price: blankToMissing(values.price),
    quantity: blankToMissing(values.quantity),
  });
  if (result.success) return { values: result.data, errors: {} };
  const errors: FieldErrors<ListingFormValues> = {};
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
    imageUrl: product.imageUrl,
    organic: product.organic,
    pesticideFree: product.pesticideFree,
    inStock: product.inStock,
  };
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
