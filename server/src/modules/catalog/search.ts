import type { Variety } from '@domain/constants';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/connect';
import type { RowOf } from '../../db/rows';
import { products, type searchWords as searchWordsTable } from '../../db/schema';
import { DRAGON_FRUIT_NAMES, namesEveryVariety, SCIENTIFIC_WORDS } from './search-names';

/** How many known words one typed word may stand for (the closest first). */
const CANDIDATES_PER_WORD = 12;
/**
 * How many words within twice a typed word's typo budget (Levenshtein, in SQL) are read for the exact count in
 * code, where two letters swapped are one typo (see resolveSearch). Far more than a real vocabulary holds that
 * close to one word.
 */
const FUZZY_ROWS_PER_WORD = 50;
/** At most this many words of a search term are used. */
const MAX_WORDS = 8;

/** The words of a text as the full-text parser sees them: lower-case letters and digits, in order. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The words of a search term as the full-text parser sees them, each once, at most MAX_WORDS. */
export function searchWords(term: string): string[] {
  return [...new Set(wordsOf(term))].slice(0, MAX_WORDS);
}

/**
 * How many typos a typed word may hold, as Meilisearch and Algolia bound them: none under 5 letters, one from 5 to
 * 8, two from 9. A word that does not start with a letter (a lot number, a size) holds none: "81620" is another lot
 * than "81629", not a typo of it.
 */
export function typoBudget(word: string): number {
  const letters = [...word];
  if (!/^\p{L}/u.test(word) || letters.length < 5) return 0;
  return letters.length <= 8 ? 1 : 2;
}

/**
 * The number of typos between two words: letters inserted, deleted or replaced, and two neighbours swapped, one each
 * (optimal string alignment distance), counted over code points.
 */
export function typos(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  // d[i][j]: the distance between the first i letters of s and the first j of t.
  const d = Array.from({ length: s.length + 1 }, (_, i) =>
    Array.from({ length: t.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= s.length; i++)
    for (let j = 1; j <= t.length; j++) {
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      row[j] = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1])
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  return (d[s.length] as number[])[t.length] as number;
}

/** Whether `candidate` is a typo of `word` within its budget: the same first letter, at most `budget` typos. */
function isTypo(word: string, candidate: string, budget: number): boolean {
  return (
    budget > 0 &&
    [...word][0] === [...candidate][0] &&
    Math.abs([...word].length - [...candidate].length) <= budget &&
    typos(word, candidate) <= budget
  );
}

const DRAGON_FRUIT_WORDS = DRAGON_FRUIT_NAMES.map(wordsOf);
/** The names of dragon fruit that are one word ("pitaya"); the others are runs of words ("dragon fruit"). */
const DRAGON_FRUIT_SINGLE = DRAGON_FRUIT_WORDS.filter((w) => w.length === 1).map((w) => w[0] as string);

/** The words of a term less the runs of words naming dragon fruit ("yellow dragon fruit" → "yellow"). */
function withoutDragonFruitRuns(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; ) {
    const run = DRAGON_FRUIT_WORDS.find(
      (name) => name.length > 1 && name.every((w, j) => words[i + j] === w),
    );
    if (run) i += run.length;
    else out.push(words[i++] as string);
  }
  return out;
}

/**
 * A resolved search term. `tsquery`: the full-text query the listings must match, or null when the term names
 * dragon fruit and nothing else ("pitaya"), which every listing matches.
 */
export interface ResolvedSearch {
  tsquery: string | null;
}

/** What one typed word stands for: known listing words, and varieties by a scientific name. */
interface WordMatch {
  words: string[];
  varieties: Set<Variety>;
}

const quote = (lexeme: string) => `'${lexeme.replaceAll("'", "''")}'`;

/** A variety's name as a phrase of the full-text query ("Yellow Dragon" → 'yellow' <-> 'dragon'). */
const varietyPhrase = (variety: string) => `(${wordsOf(variety).map(quote).join(' <-> ')})`;

/**
 * Turns a search term into a full-text query (docs/decisions/0032-search-typos-and-synonyms.md). Each typed word
 * stands for the known listing words (search_words) that are it or start with it ("sug": "sugar"); only a word with
 * none of those stands for the words it is a typo of (typoBudget: none under 5 letters, one to 8, two beyond; never
 * the first letter; two letters swapped count as one), so "suger" finds "sugar" and "dargon" "dragon", while "yellow"
 * keeps to "yellow" and never pads it with "allow". Every typed word must match.
 *
 * Words naming dragon fruit itself ("pitaya", "pitahaya", "dragon fruit": DRAGON_FRUIT_NAMES) restrict nothing;
 * a scientific name's word ("megalanthus", "Hylocereus": SCIENTIFIC_WORDS) stands for its varieties as well, by
 * their names' phrase in the listing text (the variety is part of it); a genus names every variety, so restricts
 * nothing either. Returns null when a word matches nothing, so no listing can match.
 */
export async function resolveSearch(db: Db, term: string): Promise<ResolvedSearch | null> {
  const all = withoutDragonFruitRuns(wordsOf(term));
  if (all.length === 0) return wordsOf(term).length ? { tsquery: null } : null;
  const words = [...new Set(all)].slice(0, MAX_WORDS);
  const matches = new Map<string, WordMatch>();
  const budgets = new Map<string, number>();
  for (const w of words) {
    const scientific = SCIENTIFIC_WORDS.get(w);
    if (DRAGON_FRUIT_SINGLE.includes(w) || (scientific && namesEveryVariety(scientific))) continue;
    matches.set(w, { words: [], varieties: new Set(scientific) });
    // A word that is a scientific name as typed is no typo of a listing word.
    budgets.set(w, scientific ? 0 : typoBudget(w));
  }
  if (matches.size === 0) return { tsquery: null };
  const typed = [...matches.keys()];
  const rows = await queryRows<RowOf<typeof searchWordsTable, 'word'> & { w: string; fuzzy: boolean }>(
    db,
    searchWordsQuery(
      typed,
      typed.map((w) => budgets.get(w) ?? 0),
    ),
  );
  for (const w of typed) {
    const match = matches.get(w) as WordMatch;
    const starts = rows.filter((r) => r.w === w && !r.fuzzy).map((r) => r.word);
    if (starts.length > 0 || match.varieties.size > 0) {
      match.words = starts;
      continue;
    }
    // No known word is it or starts with it: the words, names and scientific names it is a typo of.
    const budget = budgets.get(w) ?? 0;
    if (DRAGON_FRUIT_SINGLE.some((name) => isTypo(w, name, budget))) {
      matches.delete(w);
      continue;
    }
    for (const [name, varieties] of SCIENTIFIC_WORDS)
      if (isTypo(w, name, budget)) for (const v of varieties) match.varieties.add(v);
    if (namesEveryVariety(match.varieties)) {
      matches.delete(w);
      continue;
    }
    match.words = rows
      .filter((r) => r.w === w && r.fuzzy)
      .map((r) => ({ word: r.word, typos: typos(w, r.word) }))
      .filter((c) => c.typos <= budget)
      .sort((a, b) => a.typos - b.typos || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
      .slice(0, CANDIDATES_PER_WORD)
      .map((c) => c.word);
  }
  const groups: string[] = [];
  for (const { words: known, varieties } of matches.values()) {
    const terms = [...known.map(quote), ...[...varieties].map(varietyPhrase)];
    if (terms.length === 0) return null;
    groups.push(`(${terms.join(' | ')})`);
  }
  return { tsquery: groups.length ? groups.join(' & ') : null };
}

/**
 * The known words each typed word may stand for, in one statement. `fuzzy` false: the words that are it or start
 * with it (the trigram index answers LIKE 'w%'), the shortest first, up to CANDIDATES_PER_WORD. `fuzzy` true, only for
 * a word with a typo budget and none of those: the words with its first letter within its budget of its length
 * (search_words_first_letter_idx) and at most twice its budget in Levenshtein distance (fuzzystrmatch, where a swap of
 * two letters costs two), the closest first; resolveSearch then counts a swap as one typo and keeps those within the
 * budget. A word over 255 letters (fuzzystrmatch's limit) is compared by its first 255: the length window keeps
 * any that long out anyway.
 */
function searchWordsQuery(words: string[], budgets: number[]): SQL {
  const list = (values: unknown[], type: SQL) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::${type}`;
  return sql`with q as (
      select w, k from unnest(${list(words, sql`text[]`)}, ${list(budgets, sql`int[]`)}) as q(w, k)
    ), starts as (
      select q.w, s.word
      from q cross join lateral (
        select word from search_words where word like q.w || '%'
        order by length(word), word
        limit ${CANDIDATES_PER_WORD}
      ) s
    )
    select w, word, false as fuzzy from starts
    union all
    select q.w, s.word, true as fuzzy
    from q cross join lateral (
      select c.word from (
        select word, levenshtein_less_equal(q.w, left(word, 255), 2 * q.k) as d
        from search_words
        where left(word, 1) = left(q.w, 1)
          and length(word) between length(q.w) - q.k and length(q.w) + q.k
      ) c
      where c.d <= 2 * q.k
      order by c.d, c.word
      limit ${FUZZY_ROWS_PER_WORD}
    ) s
    where q.k > 0 and not exists (select 1 from starts where starts.w = q.w)`;
}

/** Listings whose search vector matches the full-text query (see resolveSearch), bound or a placeholder. */
export function searchCondition(tsquery: unknown): SQL {
  return sql`${products.searchVector} @@ to_tsquery('simple', ${tsquery}::text)`;
}

/** Relevance of a search vector (products' own, or a subquery's copy of it) to the full-text query, for ordering. */
export function searchRank(tsquery: unknown, vector: unknown = products.searchVector): SQL {
  return sql`ts_rank(${vector}, to_tsquery('simple', ${tsquery}::text))`;
}
