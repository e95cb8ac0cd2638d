import { PagePlaceholder } from '@/components/page-placeholder';

/** /product/:id — the id must be numeric or no request is made (SPEC section 2). */
export function ProductDetailPage() {
  return <PagePlaceholder title="Product Details" />;
}
