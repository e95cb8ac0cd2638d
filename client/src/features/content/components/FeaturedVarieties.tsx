import { FEATURED_VARIETIES, type Variety, varietySlug } from '@domain/constants';
import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/Button';

const DESCRIPTIONS: Partial<Record<Variety, string>> = {
  'Sugar Dragon':
    'A self-fertile hybrid with deep magenta flesh and one of the highest sugar levels of any red dragon fruit.',
  'American Beauty':
    'A Florida favourite: vigorous, self-fertile and heavy-cropping, with rich purple-red flesh.',
  'Yellow Dragon':
    'Bright yellow skin and translucent white flesh, the sweetest dragon fruit of all. Slow to start, worth the wait.',
};

/** Tag colours, as the marketplace's badges (kept inline: the home page stays light). */
const TAG_CLASSES: Record<string, string> = {
  POPULAR: 'bg-primary text-primary-foreground',
  'BEST SELLER': 'bg-cactus text-cactus-foreground',
  EXOTIC: 'bg-secondary text-secondary-foreground',
};

/** Three featured varieties, each linking to the marketplace filtered to it, and Browse All Varieties. */
export function FeaturedVarieties() {
  return (
    <section aria-labelledby="featured-heading">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="featured-heading" className="text-3xl sm:text-4xl">
            Featured Varieties
          </h2>
          <p className="mt-2 max-w-xl text-muted-foreground">
            Three of the most rewarding dragon fruits for home growers.
          </p>
        </div>
        <Button asChild variant="outline">
          <Link href="/marketplace">
            Browse All Varieties
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {FEATURED_VARIETIES.map(({ variety, tag }) => (
          <li key={variety} className="flex">
            <article className="group relative flex w-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md">
              <div className="relative aspect-[4/3] overflow-hidden bg-muted">
                <img
                  src={`/images/products/${varietySlug(variety)}-mature.svg`}
                  alt={`A mature ${variety} plant with fruit`}
                  width={400}
                  height={300}
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
                />
                <span
                  className={`absolute top-3 left-3 rounded-full px-2.5 py-0.5 text-xs font-semibold shadow-sm ${TAG_CLASSES[tag] ?? TAG_CLASSES.POPULAR}`}
                >
                  {tag}
                </span>
              </div>
              <div className="flex flex-1 flex-col p-5">
                <h3 className="text-2xl">
                  <Link
                    href={`/marketplace?variety=${encodeURIComponent(variety)}`}
                    className="rounded-sm after:absolute after:inset-0 after:content-[''] hover:text-primary"
                  >
                    {variety}
                  </Link>
                </h3>
                <p className="mt-2 flex-1 text-muted-foreground">{DESCRIPTIONS[variety]}</p>
                <p
                  aria-hidden="true"
                  className="mt-4 flex items-center gap-1 text-sm font-semibold text-primary"
                >
                  Shop {variety}
                  <ArrowRight className="size-4" />
                </p>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
