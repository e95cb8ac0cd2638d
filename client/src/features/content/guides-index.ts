/**
 * The growing guides' titles and summaries: small enough for the home page teaser. The full text is in
 * content.ts, loaded only by the guide pages.
 */
import type { GuideSlug } from '@domain/constants';

export interface GuideSummary {
  slug: GuideSlug;
  title: string;
  summary: string;
  readMinutes: number;
  /** The marketplace listings that go with the guide. */
  shop: { href: string; label: string };
}

export const GUIDES: readonly GuideSummary[] = [
  {
    slug: 'rooting-cuttings',
    title: 'Rooting Dragon Fruit Cuttings',
    summary:
      'Cure, plant and water a fresh cutting so it roots in a few weeks instead of rotting: depth, mix, light and the signs of success.',
    readMinutes: 6,
    shop: { href: '/marketplace?form=cutting', label: 'Shop cuttings' },
  },
  {
    slug: 'support-systems',
    title: 'Posts, Trellises and Rings',
    summary:
      'A mature plant can weigh over 100 pounds. Build a post and ring, a trellis or a container support that carries it for twenty years.',
    readMinutes: 7,
    shop: { href: '/marketplace?form=rooted', label: 'Shop rooted plants' },
  },
  {
    slug: 'pollination',
    title: 'Pollinating Dragon Fruit Flowers',
    summary:
      'Self-pollinating or cross-pollinating? How to hand-pollinate the one-night flowers after dark for more and bigger fruit.',
    readMinutes: 6,
    shop: { href: '/marketplace?pollination=self', label: 'Shop self-pollinating varieties' },
  },
];

export function findGuide(slug: string | undefined): GuideSummary | undefined {
  return GUIDES.find((g) => g.slug === slug);
}
