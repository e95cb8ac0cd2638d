import { EMAIL_MAX, NEWSLETTER_EMAIL_PATTERN } from '@domain/constants';

/**
 * The newsletter's address rule, the same as newsletterSchema's (domain/newsletter/schemas.ts), checked without
 * zod so the home page does not load it.
 */
export function validNewsletterEmail(value: string): string | null {
  const email = value.trim();
  return email.length > 0 && email.length <= EMAIL_MAX && NEWSLETTER_EMAIL_PATTERN.test(email) ? email : null;
}
