import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle, useNotFoundStatus } from '@/components/PageStatus';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';

/** The detail page's shape while the product loads. */
export function ProductDetailSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading product"
      className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8 lg:py-12"
    >
      <Skeleton className="h-4 w-64" />
      <div className="mt-6 grid gap-8 md:grid-cols-2 lg:gap-12">
        <Skeleton className="aspect-[4/3] rounded-xl" />
        <div className="grid content-start gap-5">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-10 w-4/5" />
          <Skeleton className="h-6 w-64" />
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-9 w-28" />
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-16 w-72" />
          <Skeleton className="h-20 w-full" />
        </div>
      </div>
    </div>
  );
}

/** A missing, archived or non-numeric product (docs/product.md#errors). */
export function ProductNotFound() {
  return (
    <CatalogNotFound
      icon={<SearchX className="size-12 text-muted-foreground" aria-hidden="true" />}
      title="Product Not Found"
    >
      The product you're looking for doesn't exist or has been removed
    </CatalogNotFound>
  );
}

/**
 * What a catalog address names does not exist (a listing, a nursery): its title as the page's heading and title,
 * why, and the way back to the marketplace. A server render answers it with status 404 (useNotFoundStatus).
 */
export function CatalogNotFound({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  useNotFoundStatus();
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      {icon}
      <h1 className="mt-4 text-3xl sm:text-4xl">{title}</h1>
      <p className="mt-3 text-muted-foreground">{children}</p>
      <Button asChild className="mt-8">
        <Link href="/marketplace">Back to Marketplace</Link>
      </Button>
    </section>
  );
}
