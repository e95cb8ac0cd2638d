import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'wouter';

/**
 * The trail above a catalog page (a listing's, a storefront's): links to the pages above it, then the page itself,
 * cut short on a narrow screen.
 */
export function Breadcrumb({
  trail,
  current,
}: {
  trail: Array<{ name: string; href: string }>;
  current: string;
}) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-1.5 text-sm">
        {trail.map((step) => (
          <Fragment key={step.href}>
            <li>
              <Link href={step.href} className="rounded-sm text-muted-foreground hover:text-primary">
                {step.name}
              </Link>
            </li>
            <li aria-hidden="true">
              <ChevronRight className="size-4 text-muted-foreground" />
            </li>
          </Fragment>
        ))}
        <li aria-current="page" className="max-w-[16rem] truncate font-medium sm:max-w-md">
          {current}
        </li>
      </ol>
    </nav>
  );
}
