import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { GUIDES } from '@/features/content/guides-index';

/** The growing-guide teaser: rooting cuttings, support systems and pollination. */
export function GuidesTeaser() {
  return (
    <section aria-labelledby="guides-heading">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="guides-heading" className="text-3xl sm:text-4xl">
            Growing Guides
          </h2>
          <p className="mt-2 max-w-xl text-muted-foreground">
            From a bare cutting to your first harvest, step by step.
          </p>
        </div>
        <Link
          href="/guides"
          className="inline-flex items-center gap-1 rounded-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          All growing guides
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {GUIDES.map((guide) => (
          <li key={guide.slug} className="flex">
            <article className="relative flex w-full flex-col rounded-xl border border-t-4 border-t-cactus bg-card p-6 shadow-sm transition-shadow hover:shadow-md">
              <h3 className="text-xl leading-snug">
                <Link
                  href={`/guides/${guide.slug}`}
                  className="rounded-sm after:absolute after:inset-0 after:content-[''] hover:text-primary"
                >
                  {guide.title}
                </Link>
              </h3>
              <p className="mt-2 flex-1 text-sm text-muted-foreground">{guide.summary}</p>
              <p aria-hidden="true" className="mt-4 text-sm font-semibold text-primary">
                Read the guide · {guide.readMinutes} min
              </p>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
