import { useSearchParams } from 'wouter';
import { PagePlaceholder } from '@/components/page-placeholder';

/** /seller/add-listing, or /seller/add-listing?id={id} to edit. */
export function AddListingPage() {
  const [params] = useSearchParams();
  return <PagePlaceholder title={params.get('id') ? 'Edit Listing' : 'Add New Listing'} />;
}
