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
      className={cn(
        'rounded-sm underline decoration-muted-foreground/50 underline-offset-4 hover:text-primary hover:decoration-current',
        className,
      )}
    >
      {seller.name}
    </Link>
  );
}
