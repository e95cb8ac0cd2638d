import type { SellerRef } from '@domain/responses';
import { storefrontPath } from '@domain/seo';
import { Link } from 'wouter';
import { cn } from '@/lib/utils';

/** A nursery by its shop name, linking to its storefront (docs/decisions/0024-storefronts.md). */
export function SellerLink({
  seller,
  className,
}: {
  seller: Pick<SellerRef, 'username' | 'name'>;
  className?: string;
}) {
  return (
    <Link
      href={storefrontPath(seller.username)}
      className={cn('rounded-sm underline-offset-4 hover:text-primary hover:underline', className)}
    >
      {seller.name}
    </Link>
  );
}
