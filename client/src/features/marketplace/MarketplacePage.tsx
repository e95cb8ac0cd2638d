import { PagePlaceholder } from '@/components/page-placeholder';

export function MarketplacePage() {
  return <PagePlaceholder title="Dragon Fruit Marketplace" />;
}
