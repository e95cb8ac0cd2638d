import { useEffect } from 'react';
import { dismissToasts } from '@/components/ui/use-toast';

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

/** Whether the path to come back to puts a plant in the cart (a visitor's Add to Cart: /product/5?add=1). */
export function addsToCart(target: string): boolean {
  return /^\/product\/\d+\?add=\d+$/.test(target);
}

/** The sign-in and sign-up forms take the screen: a toast that sent the visitor here ("Please log in") goes. */
export function useDismissToastsOnOpen(): void {
  useEffect(() => dismissToasts(), []);
}
