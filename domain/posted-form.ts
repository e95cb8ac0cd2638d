/**
 * A form a page sent as a plain form post (before the page was adopted, or without JavaScript) that the server
 * refused: the server renders the page again with it (docs/decisions/0033-before-adoption.md), and the page shows the
 * messages and the values typed. Never a password.
 */
export interface PostedForm {
  /** The form's page: '/login', '/register', or '/product/12' for its Add to Cart. */
  page: string;
  /** What was typed, to show again (never a password). */
  values: Record<string, string>;
  /** A message per field, in the words the form shows under it. */
  fieldErrors: Record<string, string>;
  /** The message for the whole form (a refused sign-in, the stock gone), with its title, if any. */
  message?: { title: string; description: string };
}

/** Where a posted form sits in the page's query cache, so the browser adopts the page with the same messages. */
export const POSTED_FORM_KEY = ['posted-form'] as const;
