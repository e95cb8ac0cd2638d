/** Reviews as the API shows them, and their limits (no zod here: the product page imports this). */

export const COMMENT_MAX = 2000;

export const REVIEW_MESSAGES = {
  rating: 'Rating must be a whole number from 1 to 5',
  comment: `Comment must be at most ${COMMENT_MAX} characters`,
} as const;

export interface Review {
  id: number;
  rating: number;
  comment: string | null;
  createdAt: string;
  user: { username: string };
}

/** GET /api/products/:id/reviews/mine: whether the signed-in user may review this listing, and their review. */
export interface MyReview {
  canReview: boolean;
  /** Why not, in words for the page (when canReview is false). */
  reason: string | null;
  review: Review | null;
}
