/**
 * The catalog's topic pages: one variety's or one form's listings, each a page of its own for search engines (its
 * canonical URL, title and description), linked from a listing's page and listed in the sitemap. A topic page is the
 * marketplace with that one filter on (`/marketplace?variety=Sugar%20Dragon`, `/marketplace?form=cutting`).
 */
import {
  BOTANICAL_NAMES,
  FORM_FILTER_LABELS,
  FORMS,
  type ProductForm,
  VARIETIES,
  type Variety,
} from '../constants';

/**
 * What a grower wants to know of each variety first: its fruit and whether it sets fruit alone. (The home page's
 * featured varieties have short texts of their own, kept out of this table so that the home page does not load it.)
 */
export const VARIETY_DESCRIPTIONS: Record<Variety, string> = {
  'Sugar Dragon':
    'Deep magenta flesh and one of the sweetest red dragon fruits; self-fertile, so one plant sets fruit alone.',
  'American Beauty':
    'Rich purple-red flesh on a vigorous, self-fertile plant that crops heavily, long grown in Florida.',
  'Yellow Dragon':
    'Knobbly yellow skin and white flesh, the sweetest of all dragon fruit; slower to fruit than the red kinds.',
  'Physical Graffiti':
    'Large pink-skinned fruit with sweet pink flesh; it needs a second variety nearby to set fruit.',
  'Red Jaina': 'A self-fertile, productive hybrid with red flesh and a sweet, rich flavour.',
  'Vietnamese White':
    'The classic white-fleshed dragon fruit: mild, refreshing, vigorous and self-fertile, and among the most productive.',
  'Thai Red': 'A self-fertile red-fleshed variety with a bright, sweet-tart flavour.',
  'Valdivia Roja':
    'Deep red flesh and a rich flavour; it needs a second variety nearby to set fruit, and is a fine pollinator itself.',
  'Dark Star': 'A self-fertile hybrid with dark purple flesh and a sweet, complex flavour.',
};

export const FORM_DESCRIPTIONS: Record<ProductForm, string> = {
  cutting:
    'Unrooted stem cuttings: the most affordable way to start a variety. They root in a few weeks in a dry, sunny spot.',
  rooted: 'Rooted plants, potted or shipped bare-root: a head start of months over a cutting.',
  seed: 'Seeds: fun to grow, but years from fruit, and the plants may not match their parent.',
  mature: 'Mature plants, old enough to flower: the shortest way to your own fruit.',
};

export type CatalogTopic = { kind: 'variety'; variety: Variety } | { kind: 'form'; form: ProductForm };

/** The topic's page. */
export function topicPath(topic: CatalogTopic): string {
  return topic.kind === 'variety'
    ? `/marketplace?variety=${encodeURIComponent(topic.variety)}`
    : `/marketplace?form=${topic.form}`;
}

export const varietyPath = (variety: string) => `/marketplace?variety=${encodeURIComponent(variety)}`;
export const formPath = (form: ProductForm) => topicPath({ kind: 'form', form });

/** Every topic, as the sitemap lists them. */
export const CATALOG_TOPICS: readonly CatalogTopic[] = [
  ...VARIETIES.map((variety) => ({ kind: 'variety', variety }) as const),
  ...FORMS.map((form) => ({ kind: 'form', form }) as const),
];

/** A filter's value as a topic, when it is one ("variety" and a known variety, "form" and a known form). */
export function topicOf(key: string, value: string): CatalogTopic | null {
  if (key === 'variety' && (VARIETIES as readonly string[]).includes(value))
    return { kind: 'variety', variety: value as Variety };
  if (key === 'form' && (FORMS as readonly string[]).includes(value))
    return { kind: 'form', form: value as ProductForm };
  return null;
}

/** The topic page's heading (and title), and what it says of itself under it. */
export function topicText(topic: CatalogTopic): { heading: string; intro: string } {
  if (topic.kind === 'variety')
    return {
      heading: `${topic.variety} Dragon Fruit`,
      intro: `${VARIETY_DESCRIPTIONS[topic.variety]} ${BOTANICAL_NAMES[topic.variety]}.`,
    };
  return { heading: `Dragon Fruit ${FORM_FILTER_LABELS[topic.form]}`, intro: FORM_DESCRIPTIONS[topic.form] };
}
