import { BookOpen, Clock } from 'lucide-react';
import { Link } from 'wouter';
import { useDocumentTitle, usePageHead, useSiteOrigin } from '@/components/PageStatus';
import { GUIDES } from './guides-index';

/** /guides: the three growing guides. */
export function GuidesPage() {
  useDocumentTitle('Growing Guides');
  usePageHead({
    description:
      'Growing guides for dragon fruit: rooting cuttings, building posts and trellises, and pollinating the flowers.',
    canonical: `${useSiteOrigin()}/guides`,
  });
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8 lg:py-16">
      <h1 className="text-4xl">Growing Guides</h1>
      <p className="mt-3 max-w-2xl text-muted-foreground">
        Practical, step-by-step help from cutting to harvest: how to root a cutting, build a support that
        lasts and pollinate the night-blooming flowers.
      </p>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {GUIDES.map((guide) => (
          <li key={guide.slug} className="flex">
            <article className="relative flex w-full flex-col rounded-xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md">
              <BookOpen className="size-8 text-cactus" aria-hidden="true" />
              <h2 className="mt-4 text-2xl leading-tight">
                <Link
                  href={`/guides/${guide.slug}`}
                  className="rounded-sm after:absolute after:inset-0 after:content-[''] hover:text-primary"
                >
                  {guide.title}
                </Link>
              </h2>
              <p className="mt-3 flex-1 text-muted-foreground">{guide.summary}</p>
              <p className="mt-4 flex items-center gap-1.5 text-sm text-muted-foreground">
                <Clock className="size-4" aria-hidden="true" />
                {guide.readMinutes} min read
              </p>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
