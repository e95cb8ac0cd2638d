import { Link } from 'wouter';
import { cn } from '@/lib/utils';

export function DragonFruitMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={className}>
      <path fill="#4caf50" d="M30 4c4 6 4 12 2 16l-4-2c1-4 0-9 2-14z" />
      <ellipse cx="32" cy="38" rx="22" ry="24" fill="#d81b60" />
      <path fill="#8bc34a" d="M10 30l10 4-8 6zm44 0-10 4 8 6zM20 56l8-8 2 12zm24 0-8-8-2 12z" />
    </svg>
  );
}

/** The home link: the mark and "Dragon Fruit Marketplace" ("Dragon Fruit" on narrow screens). */
export function Logo({ className }: { className?: string }) {
  return (
    <Link
      href="/"
      aria-label="Dragon Fruit Marketplace"
      className={cn(
        'flex shrink-0 items-center gap-1.5 rounded-md font-display text-base font-semibold sm:gap-2 sm:text-lg',
        className,
      )}
    >
      <DragonFruitMark className="size-7 sm:size-8" />
      <span>
        Dragon Fruit<span className="hidden sm:inline"> Marketplace</span>
      </span>
    </Link>
  );
}
