import { and, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { toCents } from '../../../../domain/money';
import type { CatalogFilters } from '../../../../domain/schemas/catalog';
import { products } from '../../db/schema';

/** A filter that a facet leaves out when it counts its own options. */
export type FacetName =
  | 'variety'
  | 'form'
  | 'cuttingSize'
  | 'pollination'
  | 'organic'
  | 'pesticideFree'
  | 'inStock'
  | 'price';

/** Words shorter than this match only as written (a substring); longer ones also tolerate typos. */
const FUZZY_MIN_LENGTH = 5;

function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Every word of the term must match the listing's title, variety or description: as a substring, or, for words
 * of 5 letters or more, by trigram word similarity above the threshold set per connection ("suger" finds
 * "sugar"). Both forms use the trigram index on search_text.
 */
export function searchCondition(term: string): SQL {
  const words = term.toLowerCase().split(' ').filter(Boolean);
  return and(
    ...words.map((w) =>
      w.length >= FUZZY_MIN_LENGTH
        ? sql`(${w} <% ${products.searchText} or ${products.searchText} ilike ${likePattern(w)})`
        : sql`${products.searchText} ilike ${likePattern(w)}`,
    ),
  ) as SQL;
}

/** Relevance of a listing to the search term, for ordering. */
export function searchRank(term: string): SQL {
  return sql`word_similarity(${term.toLowerCase()}, ${products.searchText})`;
}

/** The WHERE clause for visible listings matching the filters, optionally leaving one facet's own filter out. */
export function filterWhere(f: CatalogFilters, except?: FacetName): SQL {
  const conditions: Array<SQL | undefined> = [isNull(products.archivedAt)];
  if (f.search) conditions.push(searchCondition(f.search));
  if (except !== 'variety' && f.variety.length) conditions.push(inArray(products.variety, f.variety));
  if (except !== 'form' && f.form.length) conditions.push(inArray(products.form, f.form));
  if (except !== 'cuttingSize' && f.cuttingSize.length)
    conditions.push(inArray(products.cuttingSize, f.cuttingSize));
  if (except !== 'pollination' && f.pollination.length)
    conditions.push(inArray(products.pollination, f.pollination));
  if (except !== 'organic' && f.organic) conditions.push(eq(products.organic, true));
  if (except !== 'pesticideFree' && f.pesticideFree) conditions.push(eq(products.pesticideFree, true));
  if (except !== 'inStock' && f.inStock) conditions.push(eq(products.inStock, true));
  if (except !== 'price' && f.minPrice !== null)
    conditions.push(gte(products.priceCents, toCents(f.minPrice)));
  if (except !== 'price' && f.maxPrice !== null)
    conditions.push(lte(products.priceCents, toCents(f.maxPrice)));
  return and(...conditions) as SQL;
}
