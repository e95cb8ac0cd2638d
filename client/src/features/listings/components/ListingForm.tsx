import type { Product } from '@domain/catalog/responses';
import type { Listing } from '@domain/listings/schemas';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { Button } from '@/components/ui/Button';
import {
  LISTING_DEFAULTS,
  type ListingFormContext,
  type ListingFormValues,
  listingResolver,
  listingToForm,
} from '../listing-form';
import { useListingPhotos } from '../use-listing-photos';
import { useListingSubmit } from '../use-listing-submit';
import {
  BasicsFields,
  DetailsFieldset,
  ImageField,
  PlantFactsFields,
  PlantFieldset,
  PriceStockFields,
} from './ListingFormSections';
import { PhotoManager } from './PhotoManager';

/**
 * The listing form (docs/product.md#listing-form): a new listing when `product` is absent, else that
 * listing. Checked with the server's own schema; the server's field errors land on the same fields.
 * After an add the form resets for the next one; after an update the seller goes back to the listings.
 */
export function ListingForm({ product }: { product?: Product }) {
  const photos = useListingPhotos(product?.id);
  const form = useForm<ListingFormValues, ListingFormContext, Listing>({
    resolver: listingResolver,
    defaultValues: product ? listingToForm(product) : LISTING_DEFAULTS,
    // A listing needs a photo or an image URL: the photos it has or will have, as the form is checked.
    context: {
      photos: photos.loading
        ? null
        : photos.stored.length + photos.drafts.filter((d) => d.status !== 'failed').length,
    },
  });
  const { onSubmit, pending } = useListingSubmit(form, product, photos);

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-busy={pending}>
      <BasicsFields form={form} />
      {/* Fields start at the top of their row: a hint under one (Cutting Size, Price) does not push its neighbour down. */}
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <PlantFactsFields form={form} />
        <PriceStockFields form={form} />
      </div>
      <PlantFieldset form={form} />
      <PhotoManager photos={photos} isNew={product === undefined} />
      <ImageField form={form} />
      <DetailsFieldset form={form} />
      <FormActions pending={pending} editing={product !== undefined} />
    </form>
  );
}

/** Cancel goes back to the listings without saving; the submit button says what it will do. */
function FormActions({ pending, editing }: { pending: boolean; editing: boolean }) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t pt-5 sm:flex-row sm:justify-end">
      <Button asChild variant="outline">
        <Link href="/seller/listings">Cancel</Link>
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : editing ? 'Update Product' : 'Add Product'}
      </Button>
    </div>
  );
}
