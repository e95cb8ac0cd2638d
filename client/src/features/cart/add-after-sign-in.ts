import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { useSession } from '@/lib/session';
import { loginUrl } from '@/lib/sign-in';

/**
 * Where a visitor's Add to Cart goes (a link, so it works before the page is adopted and without JavaScript):
 * to sign in or sign up, then back to the plant with `add` in its address, which puts it in the cart.
 */
export function signInToAdd(productId: number, quantity = 1): string {
  return loginUrl(`/product/${productId}?add=${quantity}`);
}

/**
 * On a product page reached with `?add=N` by a signed-in buyer (back from signing in): adds the plant once, N
 * units (at most what is available), then takes `add` out of the address, so a reload or Back does not add it again.
 * A link made elsewhere can do no more than a shop's "add to cart" link: put a plant in the cart, with a toast saying so.
 */
export function useAddAfterSignIn(
  product: { id: number; inStock: boolean; quantity: number },
  add: (quantity: number) => void,
) {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const { user } = useSession();
  const raw = params.get('add');
  const done = useRef(false);
  useEffect(() => {
    if (raw === null || !user || done.current) return;
    done.current = true;
    const quantity = Number(raw);
    if (Number.isInteger(quantity) && quantity >= 1) add(Math.min(quantity, Math.max(product.quantity, 1)));
    navigate(`/product/${product.id}`, { replace: true });
  }, [raw, user, add, navigate, product.id, product.quantity]);
}
