import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * A page's empty or error state: an icon, a heading, a sentence and, when there is one, the thing to do next.
 * `headingLevel` fits it under the page's own headings (h3 inside a section that has an h2).
 */
export function PageMessage({
  icon,
  title,
  action,
  children,
  headingLevel: Heading = 'h2',
  className,
}: {
  icon: ReactNode;
  title: string;
  action?: ReactNode;
  children: ReactNode;
  headingLevel?: 'h2' | 'h3';
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-xl border border-dashed bg-card px-6 py-16 text-center',
        className,
      )}
    >
      {icon}
      <Heading className="mt-4 text-2xl">{title}</Heading>
      <p className="mt-2 max-w-md text-muted-foreground">{children}</p>
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
