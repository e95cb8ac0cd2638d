/**
 * What a search term may name besides the words of the listings (search.ts reads these tables; see
 * docs/decisions/0032-search-typos-and-synonyms.md). Kept as data: a name is added here, not in the search's code.
 */
import { VARIETIES, type Variety } from '@domain/constants';

/**
 * Names of dragon fruit itself. Every listing of the marketplace is dragon fruit, so a search word (or run of words)
 * naming it restricts nothing: "pitaya" matches every listing, "pitaya yellow" what "yellow" matches. Matched as whole
 * words (a one-word name also by a typo, as any word; a name of several words only as written; never a mere start:
 * "pit" is not "pitaya"), plurals listed.
 *
 * Sources: "pitaya" and "pitahaya" are the Spanish names used in trade and in the literature for the fruit of
 * Selenicereus (formerly Hylocereus) and of S. megalanthus; "dragon fruit" (also written "dragonfruit") the English
 * name; "strawberry pear" an older English name; "thanh long" the Vietnamese one, under which Vietnam, the largest
 * exporter, sells it. Before this list a search for "pitaya" found only the listings whose text says it (issue 35: 3
 * of 67 on the demo data).
 */
export const DRAGON_FRUIT_NAMES: readonly string[] = [
  'pitaya',
  'pitayas',
  'pitahaya',
  'pitahayas',
  'dragonfruit',
  'dragonfruits',
  'dragon fruit',
  'dragon fruits',
  'strawberry pear',
  'strawberry pears',
  'thanh long',
];

const RED_FLESHED: readonly Variety[] = [
  'Sugar Dragon',
  'American Beauty',
  'Physical Graffiti',
  'Red Jaina',
  'Thai Red',
  'Valdivia Roja',
  'Dark Star',
];

/**
 * Scientific names and the varieties a buyer searching for them means. Dragon fruit are Selenicereus; Korotkova,
 * Borsch and Arias (2017, "A phylogenetic framework for the Hylocereeae", Phytotaxa 327) merged Hylocereus into it,
 * so every name has an older Hylocereus form still printed on nursery labels and in most growing guides:
 * - white flesh, red skin: S. undatus (Hylocereus undatus): Vietnamese White;
 * - yellow skin, white flesh: S. megalanthus, also published as Hylocereus megalanthus (Bauer 2003): Yellow Dragon;
 * - red flesh: S. costaricensis (Hylocereus costaricensis), and the name red pitaya is most often sold under,
 *   Hylocereus polyrhizus. The other varieties are red-, purple- or pink-fleshed cultivars of mixed parentage
 *   (domain/constants.ts names them "Selenicereus hybrid"); a buyer asking for red-fleshed pitaya by its species
 *   name is shown them. This is a choice of what to show, not a claim about each cultivar's pedigree.
 * The genus names then cover every variety, so they match every listing, like DRAGON_FRUIT_NAMES.
 */
export const SCIENTIFIC_NAMES: ReadonlyArray<{ name: string; varieties: readonly Variety[] }> = [
  { name: 'Selenicereus undatus', varieties: ['Vietnamese White'] },
  { name: 'Hylocereus undatus', varieties: ['Vietnamese White'] },
  { name: 'Selenicereus megalanthus', varieties: ['Yellow Dragon'] },
  { name: 'Hylocereus megalanthus', varieties: ['Yellow Dragon'] },
  { name: 'Selenicereus costaricensis', varieties: RED_FLESHED },
  { name: 'Hylocereus costaricensis', varieties: RED_FLESHED },
  { name: 'Hylocereus polyrhizus', varieties: RED_FLESHED },
];

/**
 * Each word of the scientific names (genus or epithet, lower case) with the varieties it names: the union over the
 * names it is part of ("hylocereus": every variety above; "undatus": Vietnamese White). A search word is matched
 * against these words one by one, so "Selenicereus megalanthus" is "selenicereus" (every variety) and
 * "megalanthus" (Yellow Dragon): Yellow Dragon.
 */
export const SCIENTIFIC_WORDS: ReadonlyMap<string, ReadonlySet<Variety>> = (() => {
  const words = new Map<string, Set<Variety>>();
  for (const { name, varieties } of SCIENTIFIC_NAMES)
    for (const word of name.toLowerCase().split(' ')) {
      const set = words.get(word) ?? new Set<Variety>();
      for (const v of varieties) set.add(v);
      words.set(word, set);
    }
  return words;
})();

/** Whether a scientific word names every variety (a genus): then, like dragon fruit's names, it restricts nothing. */
export function namesEveryVariety(varieties: ReadonlySet<Variety>): boolean {
  return VARIETIES.every((v) => varieties.has(v));
}
