/**
 * The names a member is shown by, compared as people read them (docs/decisions/0030-display-names.md). A nursery is
 * shown by its shop name, or else by its username (docs/decisions/0024-storefronts.md); no two members may hold
 * names that read alike, whichever of the two each is. Pure functions: the server decides with them, and the forms
 * use them for their live hints. No zod here: pages import it.
 */
import { SITE_NAME } from '../constants';

/**
 * Bumped whenever displayNameKey changes what it gives for some name: the next start-up computes every stored shop
 * name's key again (the server's DisplayNames.rebuild), with the Unicode version of the runtime.
 */
export const DISPLAY_NAME_KEY_VERSION = 1;

/** What shows nothing or nothing of its own: format characters (Cf) and every default-ignorable code point. */
const IGNORABLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;
/** Any run of white space (after NFKC, the no-break, ideographic and other wide spaces are plain spaces already). */
const SPACES = /\s+/gu;

/**
 * Letters of Cyrillic and Greek that read as a Latin letter once case is folded (from Unicode's confusables,
 * UTS #39, the letters a name is likely to use): a name written wholly in them ("Сасао") reads as the Latin one
 * ("Cacao"), so their keys agree. A name that mixes them with Latin letters is refused outright (mixesScripts).
 */
const LATIN_LOOKALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  с: 'c',
  е: 'e',
  һ: 'h',
  і: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  ԛ: 'q',
  ѕ: 's',
  т: 't',
  у: 'y',
  ԝ: 'w',
  х: 'x',
  ӏ: 'l',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  μ: 'm',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  χ: 'x',
  ζ: 'z',
};
const LOOKALIKE = new RegExp(`[${Object.keys(LATIN_LOOKALIKES).join('')}]`, 'gu');

/** Full case folding, near enough: upper case then lower ("ß" → "SS" → "ss", "ς" and "σ" alike, "ı" → "i"). */
const fold = (s: string) => s.toUpperCase().toLowerCase();

/**
 * The form of a name that two names reading alike share: NFKC (fullwidth and mathematical letters, ligatures and
 * wide spaces become their plain forms, "e" and a combining accent become "é"), invisible and format characters
 * removed (zero-width space, soft hyphen, word joiner, direction marks, variation selectors), case folded, Cyrillic
 * and Greek look-alikes of Latin letters read as Latin, and spaces trimmed and collapsed to one.
 */
export function displayNameKey(name: string): string {
  const plain = name.normalize('NFKC').replace(IGNORABLE, '');
  return fold(plain)
    .normalize('NFKC')
    .replace(LOOKALIKE, (c) => LATIN_LOOKALIKES[c] ?? c)
    .replace(SPACES, ' ')
    .trim();
}

/**
 * A username's key: its lower case. Usernames are ASCII letters, digits, dots, dashes and underscores, for which
 * this is displayNameKey; the database computes the same (`lower(username)`) for every user it stores.
 */
export const usernameKey = (username: string): string => username.toLowerCase();

/** The marketplace's own name, and what reads as it: "Dragon Fruit Market", "dragonfruit marketplace", "The …". */
const MARKETPLACE = new RegExp(
  `^(the)?${displayNameKey(SITE_NAME)
    .replace(/[^\p{L}\p{N}]/gu, '')
    .replace(/place$/, '')}(place)?s?$`,
  'u',
);

/** True when the name reads as the marketplace's own (SITE_NAME): no member may be shown by it. */
export function isMarketplaceName(name: string): boolean {
  return MARKETPLACE.test(displayNameKey(name).replace(/[^\p{L}\p{N}]/gu, ''));
}

/** The scripts a name's letters are told apart by; a letter of none of them is of "other". */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
] as const;
const SCRIPT_TESTS = SCRIPTS.map((s) => [s, new RegExp(`^\\p{Script=${s}}$`, 'u')] as const);

/** The scripts of the name's letters (digits, punctuation, spaces and combining accents belong to none). */
function scriptsOf(name: string): Set<string> {
  const found = new Set<string>();
  for (const c of name.normalize('NFKC'))
    if (/\p{L}/u.test(c)) found.add(SCRIPT_TESTS.find(([, re]) => re.test(c))?.[0] ?? 'other');
  return found;
}

/** The sets of scripts written together in one language, which a name may mix (UTS #39's "highly restrictive"). */
const TOGETHER = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];
/** The scripts whose letters pass for Latin ones: never mixed with Latin. */
const LATIN_LOOKALIKE_SCRIPTS = new Set(['Greek', 'Cyrillic', 'Cherokee']);

/**
 * True when the name mixes the letters of scripts that do not belong together, so that one may pass for another
 * (a Cyrillic "а" in a Latin name). Allowed, as UTS #39's "moderately restrictive" level: one script; Latin with
 * Han, Hiragana and Katakana, with Han and Bopomofo, or with Han and Hangul; Latin and one other script that is not
 * Greek, Cyrillic or Cherokee.
 */
export function mixesScripts(name: string): boolean {
  const scripts = [...scriptsOf(name)];
  if (scripts.length <= 1) return false;
  if (TOGETHER.some((set) => scripts.every((s) => set.includes(s)))) return false;
  const others = scripts.filter((s) => s !== 'Latin');
  return !(scripts.length === 2 && others.length === 1 && !LATIN_LOOKALIKE_SCRIPTS.has(others[0] as string));
}
