import type { Product } from '@domain/catalog/responses';
import type { ReactNode } from 'react';
import { ProductCard } from '@/components/ProductCard';
import { useRelatedProducts } from '../product-api';

/**
 * Up to four real related listings (same variety, then same form), each card with its `action` (the cart's Add to
 * Cart, from the page); hidden when there are none.
 */
export function RelatedProducts({
  productId,
  action,
}: {
  productId: number;
  action: (product: Product) => ReactNode;
}) {
  const related = useRelatedProducts(productId);
  const products = related.data ?? [];
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-16">
      <h2 id="related-heading" className="text-2xl sm:text-3xl">
        Related products
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
        {products.map((product) => (
          <li key={product.id} className="flex">
            <ProductCard product={product} action={action(product)} className="w-full" />
          </li>
        ))}
      </ul>
    </section>
  );
}
