import { Link } from 'wouter';
import { useDocumentTitle, usePageHead, useSiteOrigin } from '@/components/PageStatus';
import { HELP_SECTIONS } from './help-sections';
import { useHashScroll } from './use-hash-scroll';

/** Support and policy information; the footer's support and legal links point at its sections. */
export function HelpPage() {
  useDocumentTitle('Help & Policies');
  usePageHead({
    description:
      'Shipping live plants, returns, contact, common questions, and the terms and privacy policy of Dragon Fruit Marketplace.',
    canonical: `${useSiteOrigin()}/help`,
  });
  useHashScroll();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8 lg:py-16">
      <h1 className="text-4xl">Help &amp; Policies</h1>
      <p className="mt-3 max-w-2xl text-muted-foreground">
        Shipping, returns, how to reach us, and the terms that keep the marketplace fair.
      </p>
      <div className="mt-10 grid gap-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-label="On this page" className="lg:sticky lg:top-28 lg:self-start">
          <ul className="flex flex-wrap gap-2 lg:grid lg:gap-1">
            {HELP_SECTIONS.map((section) => (
              <li key={section.id}>
                <Link
                  href={`/help#${section.id}`}
                  className="block rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-accent hover:text-accent-foreground"
                >
                  {section.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid gap-6">
          {HELP_SECTIONS.map((section) => (
            <section
              key={section.id}
              id={section.id}
              tabIndex={-1}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-36 rounded-xl border bg-card p-6 shadow-sm focus-visible:outline-none lg:scroll-mt-24"
            >
              <h2 id={`${section.id}-title`} className="text-2xl">
                {section.title}
              </h2>
              <div className="mt-3 grid max-w-prose gap-3 text-muted-foreground">{section.body}</div>
            </section>
          ))}
        </div>
      </div>
    </div>
  );
}
