import { PAGINATION_WINDOW } from '@domain/constants';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { cn } from '@/lib/utils';

/**
 * The page numbers to show: at most `size` consecutive pages around the current one, shifted so the
 * window never runs past the first or last page. pageWindow(7, 20) → [5, 6, 7, 8, 9].
 */
export function pageWindow(page: number, totalPages: number, size = PAGINATION_WINDOW): number[] {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(1, page), totalPages);
  const count = Math.min(size, totalPages);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** A page's address: each page is a link to it, so it works before the page is adopted. */
  hrefOf: (page: number) => string;
  className?: string;
}

/** Previous, up to five page numbers (the current one marked aria-current), Next. */
export function Pagination({ page, totalPages, onPageChange, hrefOf, className }: PaginationProps) {
  if (totalPages <= 1) return null;
  // Links for the browser to follow before adoption; once adopted, the page changes in place.
  const go = (n: number) => (event: MouseEvent) => {
    event.preventDefault();
    if (n !== page) onPageChange(n);
  };
  return (
    <nav aria-label="Pagination" className={cn('flex justify-center', className)}>
      <ul className="flex items-center gap-1 sm:gap-2">
        <li>
          {page <= 1 ? (
            <Button variant="outline" className="px-2.5 sm:px-4" disabled>
              <ChevronLeft aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Previous</span>
            </Button>
          ) : (
            <Button variant="outline" className="px-2.5 sm:px-4" asChild>
              <a href={hrefOf(page - 1)} onClick={go(page - 1)}>
                <ChevronLeft aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">Previous</span>
              </a>
            </Button>
          )}
        </li>
        {pageWindow(page, totalPages).map((n) => (
          <li key={n}>
            <Button variant={n === page ? 'default' : 'ghost'} size="icon" className="tabular-nums" asChild>
              <a
                href={hrefOf(n)}
                onClick={go(n)}
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
              >
                {n}
              </a>
            </Button>
          </li>
        ))}
        <li>
          {page >= totalPages ? (
            <Button variant="outline" className="px-2.5 sm:px-4" disabled>
              <span className="sr-only sm:not-sr-only">Next</span>
              <ChevronRight aria-hidden="true" />
            </Button>
          ) : (
            <Button variant="outline" className="px-2.5 sm:px-4" asChild>
              <a href={hrefOf(page + 1)} onClick={go(page + 1)}>
                <span className="sr-only sm:not-sr-only">Next</span>
                <ChevronRight aria-hidden="true" />
              </a>
            </Button>
          )}
        </li>
      </ul>
    </nav>
  );
}
