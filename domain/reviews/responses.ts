/** The reviews' answers (docs/product.md#calls), as zod schemas and the types derived from them. */
import { z } from 'zod';
import { id, isoTime } from '../responses';

/** A review as a listing shows it, with its author (hidden reviews are never shown). */
export const productReviewSchema = z
  .object({
    id: id(),
    rating: z.int().min(1).max(5),
    comment: z.string().nullable(),
    createdAt: isoTime(),
    user: z.object({ username: z.string() }),
  })
  .meta({ id: 'Review' });
export type Review = z.output<typeof productReviewSchema>;

/** GET /api/products/:id/reviews/mine: whether the signed-in user may review this listing, and their review. */
export const myReviewSchema = z.object({
  canReview: z.boolean(),
  reason: z.string().nullable().describe('Why not, in words for the page (when canReview is false)'),
  review: productReviewSchema.nullable(),
});
export type MyReview = z.output<typeof myReviewSchema>;
