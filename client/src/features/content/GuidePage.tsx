import { ArrowLeft, CircleAlert, Clock } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { useDocumentTitle, useNotFoundStatus, usePageHead, useSiteOrigin } from '@/components/PageStatus';
import { Button } from '@/components/ui/Button';
import { GUIDE_CONTENT } from './guides-content';
import { findGuide, GUIDES, type GuideSummary } from './guides-index';

/** /guides/:slug: one growing guide, or a not-found message for an unknown slug. */
export function GuidePage() {
  const { slug } = useParams<{ slug: string }>();
  const guide = findGuide(slug);
  if (!guide) return <GuideNotFound />;
  return <Guide guide={guide} />;
}

function GuideNotFound() {
  useDocumentTitle('Guide not found');
  useNotFoundStatus();
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-4xl">Guide not found</h1>
      <p className="mt-4 text-muted-foreground">We don't have a growing guide at this address.</p>
      <Button asChild className="mt-8">
        <Link href="/guides">See all growing guides</Link>
      </Button>
    </section>
  );
}

function Guide({ guide }: { guide: GuideSummary }) {
  useDocumentTitle(guide.title);
  usePageHead({
    description: guide.summary,
    canonical: `${useSiteOrigin()}/guides/${guide.slug}`,
    type: 'website',
  });
  const content = GUIDE_CONTENT[guide.slug];
  const others = GUIDES.filter((g) => g.slug !== guide.slug);
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:py-16">
      <Link
        href="/guides"
        className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-muted-foreground hover:text-primary"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All growing guides
      </Link>
      <h1 className="mt-4 text-4xl leading-tight sm:text-5xl">{guide.title}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{guide.summary}</p>
      <p className="mt-3 flex items-center gap-1.5 text-sm text-muted-foreground">
        <Clock className="size-4" aria-hidden="true" />
        {guide.readMinutes} min read
      </p>

      <div className="mt-8 grid gap-4 text-lg leading-relaxed">
        {content.intro.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>

      {content.background?.map((section) => (
        <section key={section.title} className="mt-12" aria-labelledby={sectionId(section.title)}>
          <h2 id={sectionId(section.title)} className="text-3xl">
            {section.title}
          </h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="mt-4 leading-relaxed">
              {p}
            </p>
          ))}
          {section.points && (
            <dl className="mt-6 grid gap-4">
              {section.points.map((point) => (
                <div key={point.term} className="rounded-lg border bg-card p-5">
                  <dt className="font-semibold">{point.term}</dt>
                  <dd className="mt-1.5 leading-relaxed text-muted-foreground">{point.text}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      ))}

      <section className="mt-12" aria-labelledby="what-you-need">
        <h2 id="what-you-need" className="text-3xl">
          What you need
        </h2>
        <ul className="mt-5 grid list-disc gap-2 pl-6 leading-relaxed marker:text-primary">
          {content.materials.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      </section>

      <section className="mt-12" aria-labelledby="step-by-step">
        <h2 id="step-by-step" className="text-3xl">
          Step by step
        </h2>
        <ol className="mt-6 grid gap-6">
          {content.steps.map((step, i) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="font-sans text-lg font-semibold">
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-1 leading-relaxed text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="mt-12" aria-labelledby="common-mistakes">
        <h2 id="common-mistakes" className="text-3xl">
          Common mistakes
        </h2>
        <ul className="mt-6 grid gap-4">
          {content.mistakes.map((m) => (
            <li key={m.mistake} className="flex gap-3 rounded-lg border bg-card p-5">
              <CircleAlert className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                <h3 className="font-sans font-semibold">{m.mistake}</h3>
                <p className="mt-1 leading-relaxed text-muted-foreground">{m.fix}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <div className="mt-12 flex flex-col gap-4 rounded-xl bg-soft-pink p-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="font-medium">Ready to grow? Find plants from the nurseries that grow them.</p>
        <Button asChild>
          <Link href={guide.shop.href}>{guide.shop.label}</Link>
        </Button>
      </div>

      <nav aria-labelledby="more-guides" className="mt-12 border-t pt-8">
        <h2 id="more-guides" className="text-2xl">
          More growing guides
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {others.map((g) => (
            <li key={g.slug}>
              <Link
                href={`/guides/${g.slug}`}
                className="block rounded-lg border bg-card p-4 font-medium hover:border-primary hover:text-primary"
              >
                {g.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}

function sectionId(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
