import { PagePlaceholder } from '@/components/page-placeholder';

export function SellerListingsPage() {
  return <PagePlaceholder title="Your Listings" />;
}
