import { Sprout } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './PageStatus';

/** A page that is not built yet: its heading and one line saying so. */
export function PagePlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-xl rounded-xl border bg-card p-10 text-center shadow-sm">
        <Sprout className="mx-auto mb-4 size-10 text-cactus" aria-hidden="true" />
        <h1 className="text-3xl">{title}</h1>
        <p className="mt-3 text-muted-foreground">This page is being built.</p>
        {children}
      </div>
    </section>
  );
}
