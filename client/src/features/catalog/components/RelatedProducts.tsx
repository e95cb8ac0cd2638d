import { ProductCard } from '@/components/ProductCard';
import { useRelatedProducts } from '../product-api';
import { AddToCartButton } from './AddToCartButton';

/** Up to four real related listings (same variety, then same form); hidden when there are none. */
export function RelatedProducts({ productId }: { productId: number }) {
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
            <ProductCard
              product={product}
              action={<AddToCartButton product={product} />}
              className="w-full"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
