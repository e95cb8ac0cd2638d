import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connect';
import type { RowOf } from '../../db/rows';
import { products, type searchWords as searchWordsTable } from '../../db/schema';

/** How many known words one typed word may stand for (the closest first). */
const CANDIDATES_PER_WORD = 12;
/** At most this many words of a search term are used. */
const MAX_WORDS = 8;

/** The words of a search term as the full-text parser sees them: lower-case letters and digits. */
export function searchWords(term: string): string[] {
  const words = term
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return [...new Set(words)].slice(0, MAX_WORDS);
}

const quote = (lexeme: string) => `'${lexeme.replaceAll("'", "''")}'`;

/**
 * Turns a search term into a full-text query, tolerating typos: each typed word stands for the known listing
 * words that start with it or are similar to it by trigrams (pg_trgm's `%`, similarity 0.3 and up, so "suger"
 * stands for "sugar" and "dragn" for "dragon"), and every typed word must match. A word of digits only (a lot
 * number, a year, a size) stands for itself and the words that start with it: "81629" is another lot than "81620",
 * not a typo of it, and comparing it by trigrams with every number listings contain read most of search_words (3.6 ms
 * of the 7 ms a two-word search took at 100,000 listings, against 0.2 ms for a word with letters).
 * Returns null when a word matches nothing, so no listing can match.
 */
export async function resolveSearch(db: Db, term: string): Promise<string | null> {
  const words = searchWords(term);
  if (words.length === 0) return null;
  // The similar words' arm runs only for a word with a letter: its condition is on the typed word alone, which
  // PostgreSQL checks once per word before reading the trigram index.
  const rows = await queryRows<RowOf<typeof searchWordsTable, 'word'> & { w: string }>(
    db,
    sql`select q.w, s.word
        from unnest(array[${sql.join(
          words.map((w) => sql`${w}`),
          sql`, `,
        )}]::text[]) as q(w)
        cross join lateral (
          select c.word from (
            select word from search_words where word like q.w || '%'
            union
            select word from search_words where q.w ~ '[^0-9]' and word % q.w
          ) c
          order by c.word = q.w desc, similarity(c.word, q.w) desc, c.word
          limit ${CANDIDATES_PER_WORD}
        ) s`,
  );
  const byWord = new Map<string, string[]>();
  for (const r of rows) byWord.set(r.w, [...(byWord.get(r.w) ?? []), r.word]);
  if (words.some((w) => !byWord.has(w))) return null;
  return words.map((w) => `(${(byWord.get(w) as string[]).map(quote).join(' | ')})`).join(' & ');
}

/** Listings whose search vector matches the full-text query (see resolveSearch), bound or a placeholder. */
export function searchCondition(tsquery: unknown): SQL {
  return sql`${products.searchVector} @@ to_tsquery('simple', ${tsquery}::text)`;
}

/** Relevance of a search vector (products' own, or a subquery's copy of it) to the full-text query, for ordering. */
export function searchRank(tsquery: unknown, vector: unknown = products.searchVector): SQL {
  return sql`ts_rank(${vector}, to_tsquery('simple', ${tsquery}::text))`;
}
