/**
 * The in-site path to go to after signing in. Only a path of this site is accepted: it starts with a
 * single "/" (never "//" or "/\", which browsers read as another host) and holds no control characters.
 * Spaces and non-ASCII text are percent-encoded, as the browser would, so the path can also be sent as the
 * Location header of the server's redirect (a header carries only ASCII).
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || ch === '\\') return fallback;
  }
  try {
    return value.replace(/[^\x21-\x7e]+/gu, (text) => encodeURIComponent(text));
  } catch {
    // A lone surrogate cannot be encoded.
    return fallback;
  }
}

/** /login with the path to come back to, slashes kept readable: /login?redirect=/cart. */
export function loginUrl(returnTo?: string): string {
  if (!returnTo || returnTo === '/') return '/login';
  return `/login?redirect=${encodeURIComponent(returnTo).replaceAll('%2F', '/')}`;
}
