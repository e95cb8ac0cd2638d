import { PAGINATION_WINDOW } from '@domain/constants';
import { ChevronLeft, ChevronRight } from 'lucide-react';
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
  className?: string;
}

/** Previous, up to five page numbers (the current one marked aria-current), Next. */
export function Pagination({ page, totalPages, onPageChange, className }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className={cn('flex justify-center', className)}>
      <ul className="flex items-center gap-1 sm:gap-2">
        <li>
          <Button
            variant="outline"
            className="px-2.5 sm:px-4"
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            <ChevronLeft aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Previous</span>
          </Button>
        </li>
        {pageWindow(page, totalPages).map((n) => (
          <li key={n}>
            <Button
              variant={n === page ? 'default' : 'ghost'}
              size="icon"
              aria-label={`Page ${n}`}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => n !== page && onPageChange(n)}
              className="tabular-nums"
            >
              {n}
            </Button>
          </li>
        ))}
        <li>
          <Button
            variant="outline"
            className="px-2.5 sm:px-4"
            disabled={page >= totalPages}
            onClick={() => onPageChange(page + 1)}
          >
            <span className="sr-only sm:not-sr-only">Next</span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </li>
      </ul>
    </nav>
  );
}
