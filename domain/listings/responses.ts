/** The listings' answers (docs/product.md#calls) beyond the listing itself (productSchema, domain/catalog/responses.ts). */
import { z } from 'zod';

/** DELETE /api/products/:id. */
export const listingRemovalSchema = z.object({
  archived: z
    .boolean()
    .describe(
      'true: the listing was ordered before, so it was archived (gone from the catalog and from carts, kept in ' +
        'order history); false: it was deleted',
    ),
});
export type ListingRemoval = z.output<typeof listingRemovalSchema>;
