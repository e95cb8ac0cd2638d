/** A review as POST /api/products/:id/reviews takes it. Types and messages: domain/reviews/types.ts. */
import { z } from 'zod';
import { controlCharactersMessage, hasControlCharacters } from '../text';
import { COMMENT_MAX, REVIEW_MESSAGES } from './types';

export const reviewSchema = z.object({
  rating: z
    .number({ error: REVIEW_MESSAGES.rating })
    .int({ error: REVIEW_MESSAGES.rating })
    .min(1, { error: REVIEW_MESSAGES.rating })
    .max(5, { error: REVIEW_MESSAGES.rating }),
  comment: z
    .string({ error: REVIEW_MESSAGES.comment })
    .trim()
    .max(COMMENT_MAX, { error: REVIEW_MESSAGES.comment })
    .refine((c) => !hasControlCharacters(c), { error: controlCharactersMessage('Comment') })
    .nullish()
    .transform((c) => (c ? c : null)),
});
export type ReviewInput = z.input<typeof reviewSchema>;
