/** A review as POST /api/products/:id/reviews takes it. Limits and messages: ./types.ts; answers: ./responses.ts. */
import { z } from 'zod';
import { optionalText } from '../text-fields';
import { COMMENT_MAX, REVIEW_MESSAGES } from './types';

export const reviewSchema = z.object({
  rating: z
    .number({ error: REVIEW_MESSAGES.rating })
    .int({ error: REVIEW_MESSAGES.rating })
    .min(1, { error: REVIEW_MESSAGES.rating })
    .max(5, { error: REVIEW_MESSAGES.rating }),
  comment: optionalText({
    field: 'Comment',
    line: false,
    max: COMMENT_MAX,
    maxMessage: REVIEW_MESSAGES.comment,
  }),
});
export type ReviewInput = z.input<typeof reviewSchema>;
