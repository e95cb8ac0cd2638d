import { useDocumentTitle, usePageHead, useSiteOrigin } from '@/components/PageStatus';
import { NewsletterSignup } from '@/features/newsletter';
import { FeaturedVarieties } from './components/FeaturedVarieties';
import { GuidesTeaser } from './components/GuidesTeaser';
import { Hero } from './components/Hero';
import { SellerPromo } from './components/SellerPromo';

/** / (docs/product.md#home): hero, featured varieties, growing guides, seller promo, newsletter. */
export function HomePage() {
  useDocumentTitle('');
  usePageHead({ canonical: `${useSiteOrigin()}/` });
  return (
    <>
      <Hero />
      <div className="mx-auto grid max-w-7xl gap-20 px-4 py-16 sm:px-6 lg:gap-24 lg:px-8 lg:py-20">
        <FeaturedVarieties />
        <GuidesTeaser />
        <SellerPromo />
        <NewsletterSignup />
      </div>
    </>
  );
}
