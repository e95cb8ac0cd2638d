import type { Product } from '@domain/catalog/responses';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { isApiError } from '@/lib/api';
import { useCreateListing, useUpdateListing } from './api';
import { LISTING_DEFAULTS, LISTING_FIELDS, type ListingFormApi, toListingPayload } from './listing-form';

/**
 * What the listing form does on submit: add the listing (then reset the form for the next one) or update
 * `product` (then go back to the listings). A new listing's chosen photos are uploaded right after it is added. The server's field errors, such as the 409 on the quantity when a
 * sale changed the stock, land on the same fields; focus goes to the first of them.
 */
export function useListingSubmit(
  form: ListingFormApi,
  product: Product | undefined,
  uploadPhotos: (id: number) => Promise<void>,
) {
  const [, navigate] = useLocation();
  const [uploading, setUploading] = useState(false);
  const create = useCreateListing();
  const update = useUpdateListing();

  const showServerErrors = (error: unknown) => {
    console.error(product ? 'Failed to update product' : 'Failed to add product', error);
    if (!isApiError(error)) return;
    let first = true;
    for (const field of LISTING_FIELDS) {
      const message = error.fieldErrors[field];
      if (!message) continue;
      form.setError(field, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
  };

  const onSubmit = form.handleSubmit(
    (listing) => {
      const payload = toListingPayload(listing);
      if (product) {
        // The stock as last loaded: a sale since then makes the server refuse, rather than undo the sale.
        update.mutate(
          { id: product.id, listing: { ...payload, expectedQuantity: product.quantity } },
          { onSuccess: () => navigate('/seller/listings'), onError: showServerErrors },
        );
      } else {
        create.mutate(payload, {
          onSuccess: (created) => {
            // The photos chosen for it go up now, in order; then the form empties for the next listing.
            setUploading(true);
            void uploadPhotos(created.id).finally(() => {
              setUploading(false);
              form.reset(LISTING_DEFAULTS);
              form.setFocus('title');
            });
          },
          onError: showServerErrors,
        });
      }
    },
    (invalid) => console.error('Listing form is invalid', invalid),
  );

  return { onSubmit, pending: create.isPending || update.isPending || uploading };
}
