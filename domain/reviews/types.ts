/** A review's limits and messages (no zod here: the product page imports this). The answers: ./responses.ts. */

export const COMMENT_MAX = 2000;

export const REVIEW_MESSAGES = {
  rating: 'Rating must be a whole number from 1 to 5',
  comment: `Comment must be at most ${COMMENT_MAX} characters`,
} as const;
