import { PagePlaceholder } from '@/components/page-placeholder';

export function GuidesPage() {
  return <PagePlaceholder title="Growing Guides" />;
}
