import { PagePlaceholder } from '@/components/page-placeholder';

/** /cart — signed-in users only (the router wraps it in RequireAuth). */
export function CartPage() {
  return <PagePlaceholder title="Shopping Cart" />;
}
