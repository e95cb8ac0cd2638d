import { cn } from '@/lib/utils';

/** "Read the rule": a shipping rule's source, in a new tab, after a space (the listing's page, the cart's lines). */
export function ReadTheRule({ href, className }: { href: string; className?: string }) {
  return (
    <>
      {' '}
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className={cn('underline underline-offset-2', className)}
      >
        Read the rule
      </a>
    </>
  );
}
