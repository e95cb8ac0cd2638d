import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Redirect, useSearchParams } from 'wouter';
import { useDocumentTitle } from '@/components/PageStatus';
import { Button } from '@/components/ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/Card';
import { Skeleton } from '@/components/ui/Skeleton';
import { useSellerProducts } from './api';
import { ListingForm } from './components/ListingForm';

/** The listing id from ?id=, or null when it is not a plain positive number. */
function parseListingId(raw: string | null): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /seller/add-listing, or /seller/add-listing?id={id} to edit one of the seller's listings (the router wraps
 * it in RequireSeller). An id that is not among the seller's listings goes to the add page.
 */
export function AddListingPage() {
  const [params] = useSearchParams();
  const editing = params.has('id');
  const id = parseListingId(params.get('id'));
  const title = editing ? 'Edit Listing' : 'Add New Listing';
  useDocumentTitle(title);
  const products = useSellerProducts();

  let body: ReactNode;
  if (!editing) {
    body = <ListingForm key="new" />;
  } else if (products.isPending || (products.isFetching && !products.isFetchedAfterMount)) {
    // The form starts from the listing as it is now (a sale may have changed its stock), not a cached copy.
    body = <ListingFormSkeleton />;
  } else if (products.isError) {
    body = (
      <div className="flex flex-col items-center gap-4 py-8 text-center">
        <AlertCircle className="size-10 text-destructive" aria-hidden="true" />
        <p>Your listing could not be loaded.</p>
        <Button onClick={() => void products.refetch()}>Retry</Button>
      </div>
    );
  } else {
    const product = products.data.find((p) => p.id === id);
    if (!product) return <Redirect to="/seller/add-listing" replace />;
    body = <ListingForm key={product.id} product={product} />;
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-3xl">
            {title}
          </CardTitle>
          <CardDescription>
            {editing
              ? 'Change the details buyers see in the marketplace.'
              : 'List a cutting, rooted plant, seed or mature plant for buyers in the marketplace.'}
          </CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}

function ListingFormSkeleton() {
  return (
    <div role="status" aria-label="Loading listing" className="grid gap-5">
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
        <div key={i} className="grid gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
    </div>
  );
}
