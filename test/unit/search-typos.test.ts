/** The search's typo rules (modules/catalog/search.ts; docs/decisions/0032-search-typos-and-synonyms.md). */
import { VARIETIES } from '@domain/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchWords, typoBudget, typos } from '../../server/src/modules/catalog/search';
import { SCIENTIFIC_WORDS } from '../../server/src/modules/catalog/search-names';

describe('typoBudget', () => {
  it('allows none under 5 letters, one to 8, two from 9, none without a first letter', () => {
    expect(['pink', 'roo', 'a'].map(typoBudget)).toEqual([0, 0, 0]);
    expect(['suger', 'yellow', 'cuttnig', 'pitahaya'].map(typoBudget)).toEqual([1, 1, 1, 1]);
    expect(['vietnamise', 'megalanthus'].map(typoBudget)).toEqual([2, 2]);
    expect(['81629', '12inch', '2026cuttings'].map(typoBudget)).toEqual([0, 0, 0]);
    // Letters, not UTF-16 units: "ñandúes" is 7 letters.
    expect(typoBudget('ñandúes')).toBe(1);
    expect(typoBudget('😀😀😀😀😀')).toBe(0);
  });
});

describe('typos', () => {
  it('counts a letter inserted, deleted or replaced, and two neighbours swapped, as one each', () => {
    expect(typos('suger', 'sugar')).toBe(1);
    expect(typos('sugra', 'sugar')).toBe(1);
    expect(typos('dargon', 'dragon')).toBe(1);
    expect(typos('dragn', 'dragon')).toBe(1);
    expect(typos('yellow', 'allow')).toBe(2);
    expect(typos('moonlihgt', 'moonlight')).toBe(1);
    expect(typos('vitenamsie', 'vietnamese')).toBe(3);
    expect(typos('', 'abc')).toBe(3);
    expect(typos('ñu', 'un')).toBe(2);
  });

  it('is a distance: zero only for the same word, symmetric, at most the longer length', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'ñ'), maxLength: 8 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        const d = typos(a, b);
        expect(d === 0).toBe(a === b);
        expect(typos(b, a)).toBe(d);
        expect(d).toBeLessThanOrEqual(Math.max([...a].length, [...b].length));
        expect(d).toBeGreaterThanOrEqual(Math.abs([...a].length - [...b].length));
      }),
    );
  });
});

describe('the search tables', () => {
  it('name only known varieties, by words the search reads as one word each', () => {
    for (const [word, varieties] of SCIENTIFIC_WORDS) {
      expect(searchWords(word)).toEqual([word]);
      for (const v of varieties) expect(VARIETIES).toContain(v);
    }
  });
});
