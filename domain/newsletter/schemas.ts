import { z } from 'zod';
import { EMAIL_MAX, NEWSLETTER_EMAIL_PATTERN } from '../constants';
import { hasControlCharacters } from '../text';

/** POST /api/newsletter body. */
export const newsletterSchema = z.object({
  email: z
    .string('Please enter a valid email address')
    .trim()
    .min(1, 'Please enter a valid email address')
    .max(EMAIL_MAX, 'Please enter a valid email address')
    .regex(NEWSLETTER_EMAIL_PATTERN, 'Please enter a valid email address')
    .refine((v) => !hasControlCharacters(v), 'Please enter a valid email address'),
});
