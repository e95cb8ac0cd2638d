/**
 * The newsletter's address rule (SPEC section 5: text, @, text, dot, text), the same as newsletterSchema
 * in domain/schemas/catalog.ts. Repeated here so the home page does not load zod.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX = 254;

/** The address to send, trimmed, or null when it is not a valid address. */
export function validNewsletterEmail(value: string): string | null {
  const email = value.trim();
  return email.length > 0 && email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email) ? email : null;
}
