import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/Button';

const QUICK_LINKS = [
  { href: '/marketplace?variety=Sugar%20Dragon', label: 'Sugar Dragon' },
  { href: '/marketplace?variety=American%20Beauty', label: 'American Beauty' },
  { href: '/marketplace?variety=Yellow%20Dragon', label: 'Yellow Dragon' },
  { href: '/marketplace?form=rooted', label: 'Rooted Plants' },
  { href: '/marketplace?form=cutting', label: 'Cuttings' },
] as const;

/** The heading, a short pitch and quick links to the most wanted varieties and forms. */
export function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="border-b bg-soft-pink">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:px-8 lg:py-20">
        <div>
          <h1 id="hero-heading" className="text-4xl leading-tight sm:text-5xl lg:text-6xl">
            Grow your own dragon fruit
          </h1>
          <p className="mt-5 max-w-xl text-lg text-muted-foreground">
            Cuttings, rooted plants, seeds and mature plants of the best pitaya varieties, straight from the
            nurseries that grow them, with the know-how to get your first fruit.
          </p>
          <div className="mt-8">
            <Button asChild size="lg">
              <Link href="/marketplace">
                Shop the marketplace
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
          <div className="mt-8">
            <p id="hero-quick-links" className="text-sm font-semibold">
              Popular right now
            </p>
            <ul aria-labelledby="hero-quick-links" className="mt-3 flex flex-wrap gap-2">
              {QUICK_LINKS.map((link) => (
                <li key={link.href}>
                  <Link
                    href={link.href}
                    className="inline-flex h-9 items-center rounded-full border border-primary/40 bg-background px-4 text-sm font-medium transition-colors hover:border-primary hover:bg-primary hover:text-primary-foreground"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="relative mx-auto w-full max-w-lg">
          <img
            src="/images/products/sugar-dragon-mature.svg"
            alt="A Sugar Dragon plant on its post, hung with ripe magenta fruit"
            width={400}
            height={300}
            fetchPriority="high"
            className="aspect-[4/3] w-full rounded-2xl border bg-background object-cover shadow-lg"
          />
        </div>
      </div>
    </section>
  );
}
