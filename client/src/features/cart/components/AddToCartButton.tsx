import type { Product } from '@domain/catalog/responses';
import { FREIGHT_TEXT } from '@domain/shipping/rates';
import { ShoppingCart } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/Button';
import { useSession } from '@/lib/session';
import { signInToAdd } from '../add-after-sign-in';
import { useAddToCart } from '../api';

/** What a listing says in place of Add to Cart while its nursery cannot take a buyer's payment (docs/product.md). */
export const NOT_TAKING_ORDERS = 'Not taking orders yet';

/**
 * What a card says in place of Add to Cart when the listing cannot be bought here, or null: the seller's own (a seller
 * cannot buy their own listing), one whose nursery cannot be paid yet (checkout would refuse it), a potted plant too
 * tall to ship as a parcel (bought by contacting its nursery), one sold out.
 */
function unavailableLabel(product: Product, userId: number | undefined): string | null {
  if (userId === product.sellerId) return 'Your listing';
  if (!product.seller.takingOrders) return NOT_TAKING_ORDERS;
  if (product.freight) return FREIGHT_TEXT;
  if (!product.inStock) return 'Out of Stock';
  return null;
}

/**
 * A product card's button: "Add to Cart" (for a visitor a link to sign in that comes back to the plant with it
 * added), "Adding..." while busy, a disabled "Out of Stock" when sold out, a disabled "Not taking orders yet" when
 * its nursery cannot be paid yet, a disabled "Freight: contact the nursery" for a plant too tall to ship as a parcel,
 * and a disabled "Your listing" for the seller who listed it (a seller cannot buy their own listing).
 */
export function AddToCartButton({ product }: { product: Product }) {
  const { add, isPending } = useAddToCart();
  const { user } = useSession();
  // Above the card's stretched title link, so it takes its own clicks.
  const className = 'relative z-10';
  const unavailable = unavailableLabel(product, user?.id);
  if (unavailable) {
    return (
      <Button size="sm" variant="secondary" disabled className={className}>
        {unavailable}
      </Button>
    );
  }
  if (!user) {
    // A visitor signs in first, and comes back to the plant with it added (a link: it works before adoption).
    return (
      <Button size="sm" className={className} asChild>
        <Link href={signInToAdd(product.id)}>
          <ShoppingCart aria-hidden="true" />
          Add to Cart
        </Link>
      </Button>
    );
  }
  // A form the server answers too (POST /cart/add, then the cart), so a tap before the page is adopted is not lost;
  // once adopted, the page adds it in place.
  return (
    <form
      method="post"
      action="/cart/add"
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        add(product);
      }}
    >
      <input type="hidden" name="productId" value={product.id} />
      <input type="hidden" name="quantity" value="1" />
      <Button type="submit" size="sm" className={className} disabled={isPending}>
        <ShoppingCart aria-hidden="true" />
        {isPending ? 'Adding...' : 'Add to Cart'}
      </Button>
    </form>
  );
}
