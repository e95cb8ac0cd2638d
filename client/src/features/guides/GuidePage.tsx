import { PagePlaceholder } from '@/components/page-placeholder';

/** /guides/:slug — one growing guide. */
export function GuidePage() {
  return <PagePlaceholder title="Growing Guide" />;
}
