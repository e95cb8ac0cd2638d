/**
 * The in-site path to go to after signing in. Only a path of this site is accepted: it starts with a
 * single "/" (never "//" or "/\", which browsers read as another host) and holds no control characters.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || ch === '\\') return fallback;
  }
  return value;
}

/** /login with the path to come back to, slashes kept readable: /login?redirect=/cart. */
export function loginUrl(returnTo?: string): string {
  if (!returnTo || returnTo === '/') return '/login';
  return `/login?redirect=${encodeURIComponent(returnTo).replaceAll('%2F', '/')}`;
}
