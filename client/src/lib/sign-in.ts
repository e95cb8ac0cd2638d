/**
 * The sign-in and sign-up pages' addresses, carrying the path to come back to (the accounts feature's pages read
 * it back with safeRedirect). Here, not in the accounts feature, since other features link to them (a visitor's
 * Add to Cart, the guards) and a feature does not import another (docs/architecture.md#import-rules).
 */

/** /login with the path to come back to, slashes kept readable: /login?redirect=/cart. */
export function loginUrl(returnTo?: string): string {
  if (!returnTo || returnTo === '/') return '/login';
  return `/login?redirect=${encodeURIComponent(returnTo).replaceAll('%2F', '/')}`;
}

/** /register, carrying the path to come back to when there is one. */
export function registerUrl(returnTo?: string): string {
  if (!returnTo || returnTo === '/') return '/register';
  return `/register?redirect=${encodeURIComponent(returnTo).replaceAll('%2F', '/')}`;
}
