import type { Product } from '@domain/catalog/responses';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { toast } from '@/components/ui/use-toast';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useCreateListing, useUpdateListing } from './api';
import { LISTING_DEFAULTS, LISTING_FIELDS, type ListingFormApi, toListingPayload } from './listing-form';
import type { ListingPhotos } from './use-listing-photos';

/** What the seller reads when a new listing was added but some of its photos were refused, with the reasons. */
export function refusedPhotosMessage(refused: readonly { name: string; message?: string }[]): string {
  return refused.map((d) => `${d.name} was not added: ${d.message ?? 'it could not be uploaded.'}`).join(' ');
}

/**
 * What the listing form does on submit: add the listing or update `product` (then go back to the listings). A new
 * listing's chosen photos are uploaded right after it is added; then "Product added" and the form empties for the
 * next one, or, when the server refused one of them, the seller goes to the listing's edit page, which shows the
 * refused files with the reasons, told in the toast too (docs/product.md#listing-form). The server's field errors, such as the
 * 409 on the quantity when a sale changed the stock, land on the same fields; focus goes to the first of them.
 */
export function useListingSubmit(form: ListingFormApi, product: Product | undefined, photos: ListingPhotos) {
  const [, navigate] = useLocation();
  const [uploading, setUploading] = useState(false);
  const create = useCreateListing();
  const update = useUpdateListing();

  const showServerErrors = (error: unknown) => {
    console.error(product ? 'Failed to update product' : 'Failed to add product', error);
    applyServerFieldErrors(form, error, LISTING_FIELDS);
  };

  const onSubmit = form.handleSubmit(
    (listing) => {
      // The resolver checked the photos against the image URL (ListingFormContext); the server checks them again.
      const { photos: _count, ...payload } = toListingPayload(listing);
      if (product) {
        // The stock as last loaded: a sale since then makes the server refuse, rather than undo the sale.
        update.mutate(
          { id: product.id, listing: { ...payload, expectedQuantity: product.quantity } },
          { onSuccess: () => navigate('/seller/listings'), onError: showServerErrors },
        );
      } else {
        create.mutate(
          // How many photos follow: without an image URL, the server needs one at least.
          { ...payload, photos: photos.drafts.filter((d) => d.status === 'waiting').length },
          {
            onSuccess: (created) => {
              // The photos chosen for it go up now, in order.
              setUploading(true);
              void photos
                .uploadAll(created.id)
                .catch((error: unknown) => [
                  { name: 'Your photos', message: error instanceof Error ? error.message : undefined },
                ])
                .then((refused) => {
                  setUploading(false);
                  if (refused.length === 0) {
                    toast({
                      title: 'Product added',
                      description: 'Your product has been added successfully',
                    });
                    form.reset(LISTING_DEFAULTS);
                    form.setFocus('title');
                    return;
                  }
                  // The listing stays; its edit page shows the refused files, where others can be chosen.
                  toast({ title: 'Product added', description: refusedPhotosMessage(refused) });
                  navigate(`/seller/add-listing?id=${created.id}`);
                });
            },
            onError: showServerErrors,
          },
        );
      }
    },
    (invalid) => console.error('Listing form is invalid', invalid),
  );

  return { onSubmit, pending: create.isPending || update.isPending || uploading };
}
