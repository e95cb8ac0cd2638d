/**
 * Search terms (docs/product.md#marketplace, docs/decisions/0032-search-typos-and-synonyms.md): typos bounded by a
 * word's length (none under 5 letters, one up to 8, two beyond), never on the first letter, and only for a word that
 * matches no known word as typed (or as its start); the names of dragon fruit itself match every listing, and the
 * scientific names match their varieties.
 */
import type { CatalogFacets, Product } from '@domain/catalog/responses';
import { FORMS, VARIETIES } from '@domain/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/src/db/schema';
import { Client, createTestApp, type TestApp } from '../support/app';
import { insertSeller } from '../support/catalog';

let t: TestApp;
let client: Client;
/** Every listing of the test's catalog: each variety in each form, and a few with their own words. */
let all: Array<{ id: number; title: string; variety: string }>;

/** Listings whose words the cases below are about. */
const OWN = [
  // "allow" is two edits from "yellow", and its trigrams are 30% alike ("llo", "low", "ow ").
  {
    title: 'American Beauty, 12 inch',
    variety: 'American Beauty',
    description: 'Purple flesh. Allow two weeks for roots to form.',
  },
  { title: 'Moonlight cutting', variety: 'Red Jaina', description: 'Cut under a full moon.' },
  { title: 'Moonlite cutting', variety: 'Red Jaina', description: 'A cutting named for the night.' },
  { title: 'Pink flesh sampler', variety: 'Physical Graffiti', description: 'Bright pink flesh.' },
  // A word longer than fuzzystrmatch takes (255 letters), starting as "sugar" does, and characters that are not words.
  {
    title: 'Long word seed',
    variety: 'Dark Star',
    description: `s${'u'.repeat(299)} $& </script> ' " \\`,
  },
];

beforeAll(async () => {
  t = await createTestApp();
  client = new Client(t.server);
  // Written straight in the database, seller and all, in one insert: search reads only the rows, and through the
  // API every listing (each variety in each form) would be a request of its own.
  const sellerId = await insertSeller(t.database.db, 'search_nursery');
  const rows = [
    ...VARIETIES.flatMap((variety) =>
      FORMS.map((form) => ({
        title: `${variety} ${form}`,
        variety,
        form,
        description: `A ${form} of ${variety}, from our sugar shed.`,
      })),
    ),
    ...OWN.map((o) => ({ ...o, form: 'seed' })),
  ];
  all = await t.database.db
    .insert(products)
    .values(
      rows.map((r) => ({
        sellerId,
        title: r.title,
        description: r.description,
        variety: r.variety,
        form: r.form,
        cuttingSize: r.form === 'cutting' ? '12 inch' : null,
        shipsAs:
          r.form === 'cutting'
            ? ('unrooted-cutting' as const)
            : r.form === 'seed'
              ? ('seeds' as const)
              : ('potted' as const),
        quantity: 5,
        inStock: true,
        priceCents: 1500,
        imageUrl: '/images/products/sugar-dragon-cutting.svg',
      })),
    )
    .returning({ id: products.id, title: products.title, variety: products.variety });
});
afterAll(async () => {
  await t?.close();
});

async function search(term: string): Promise<Product[]> {
  const res = await client.get<Product[]>(`/api/products?limit=100&search=${encodeURIComponent(term)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.headers['x-total-count']).toBe(String(res.body.length));
  return res.body;
}
const titles = (items: Product[]) => items.map((p) => p.title).sort();
const titlesOf = (pick: (l: { title: string; variety: string }) => boolean) =>
  all
    .filter(pick)
    .map((l) => l.title)
    .sort();

describe('search typos', () => {
  it('does not take "allow" for "yellow": YELLOW finds the yellow listings only', async () => {
    const found = await search('YELLOW');
    expect(titles(found)).toEqual(titlesOf((l) => l.variety === 'Yellow Dragon'));
    expect(found.some((p) => p.variety === 'American Beauty')).toBe(false);
  });

  it('allows no typo in a word under 5 letters', async () => {
    // "pinc" is one letter from "pink"; "pink" itself and its start still match.
    expect(await search('pinc')).toEqual([]);
    expect(titles(await search('pink'))).toEqual(['Pink flesh sampler']);
    expect(titles(await search('pin'))).toEqual(['Pink flesh sampler']);
  });

  it('never changes the first letter', async () => {
    // One letter from "sugar", but the first one.
    expect(await search('bugar')).toEqual([]);
    expect(await search('ougar')).toEqual([]);
  });

  it('does not pad exact matches with similar words', async () => {
    expect(titles(await search('moonlight'))).toEqual(['Moonlight cutting']);
    expect(titles(await search('moonlite'))).toEqual(['Moonlite cutting']);
    // With no exact match, a typo (two letters swapped counts as one) finds the word.
    expect(titles(await search('moonlihgt'))).toEqual(['Moonlight cutting']);
  });

  it('allows one typo from 5 letters and two from 9', async () => {
    const sugar = titlesOf((l) => !OWN.some((o) => o.title === l.title));
    expect(titles(await search('suger'))).toEqual(sugar);
    expect(titles(await search('sugra'))).toEqual(sugar);
    // Two typos in a word of 5 to 8 letters are too many: "sigir", "dragoonn".
    expect(await search('sigir')).toEqual([]);
    expect(await search('dragoonn')).toEqual([]);
    // "vietnamise" (10 letters, two typos) finds "vietnamese"; "vitenamsie" (three) does not.
    expect(titles(await search('vietnamise white'))).toEqual(
      titlesOf((l) => l.variety === 'Vietnamese White'),
    );
    expect(await search('vitenamsie')).toEqual([]);
  });

  it('reads what is not a word as nothing, and a long word as any other', async () => {
    expect(titles(await search(`s${'u'.repeat(299)}`.slice(0, 100)))).toEqual(['Long word seed']);
    for (const term of ['$& </script>', "'", '\\', '%_']) expect(await search(term), term).toEqual([]);
    expect(titles(await search('suger $&'))).toEqual(titlesOf((l) => !OWN.some((o) => o.title === l.title)));
  });
});

describe('the names of dragon fruit', () => {
  it('matches every listing for pitaya, pitahaya, dragon fruit and their kin', async () => {
    const every = titlesOf(() => true);
    for (const term of ['pitaya', 'Pitahaya', 'dragon fruit', 'DRAGONFRUIT', 'pitayas', 'Dragon-Fruit'])
      expect(titles(await search(term)), term).toEqual(every);
    // Beside another word, that word alone decides.
    expect(titles(await search('pitaya yellow'))).toEqual(titlesOf((l) => l.variety === 'Yellow Dragon'));
    expect(titles(await search('yellow dragon fruit'))).toEqual(
      titlesOf((l) => l.variety === 'Yellow Dragon'),
    );
    const facets = await client.get<CatalogFacets>('/api/products/facets?search=pitahaya');
    expect(facets.body.variety['Sugar Dragon']).toBe(FORMS.length);
  });

  it('finds varieties by their scientific names, old and new', async () => {
    const yellow = titlesOf((l) => l.variety === 'Yellow Dragon');
    expect(titles(await search('Selenicereus megalanthus'))).toEqual(yellow);
    expect(titles(await search('megalanthus'))).toEqual(yellow);
    expect(titles(await search('Hylocereus undatus'))).toEqual(
      titlesOf((l) => l.variety === 'Vietnamese White'),
    );
    expect(titles(await search('Selenicereus undatus'))).toEqual(
      titlesOf((l) => l.variety === 'Vietnamese White'),
    );
    // Every dragon fruit is a Selenicereus, and was a Hylocereus.
    expect(titles(await search('Hylocereus'))).toEqual(titlesOf(() => true));
    expect(titles(await search('selenicereus'))).toEqual(titlesOf(() => true));
    // The red-fleshed species' names find the red-, purple- and pink-fleshed varieties.
    const red = titlesOf((l) => l.variety !== 'Yellow Dragon' && l.variety !== 'Vietnamese White');
    expect(titles(await search('costaricensis'))).toEqual(red);
    expect(titles(await search('Hylocereus polyrhizus'))).toEqual(red);
    // A scientific name and a word of the listings together: both must match.
    expect(titles(await search('megalanthus seed'))).toEqual(['Yellow Dragon seed']);
  });
});
