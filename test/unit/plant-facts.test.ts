import { DEFAULT_SHIPS_AS, FORMS } from '@domain/constants';
import {
  cuttingSizeChip,
  cuttingSizeProblem,
  isRooted,
  PLANT_FACTS_MESSAGES,
  type PlantFacts,
  resolveCuttingSize,
  resolvePlantFacts,
} from '@domain/listings/plant-facts';
import { listingSchema } from '@domain/listings/schemas';
import { describe, expect, it } from 'vitest';
import { SEED_LISTINGS } from '../../server/src/db/seed-data';

const STORED: PlantFacts & { form: 'cutting' } = {
  form: 'cutting',
  shipsAs: 'unrooted-cutting',
  callused: true,
  lengthInches: 14,
  segments: 2,
  grafted: true,
  rootstock: 'Hylocereus undatus',
};

describe('resolvePlantFacts', () => {
  it.each(FORMS)('gives a new %s listing its form’s defaults for what it leaves out', (form) => {
    expect(resolvePlantFacts({}, form)).toEqual({
      facts: {
        shipsAs: DEFAULT_SHIPS_AS[form],
        callused: false,
        lengthInches: null,
        segments: null,
        grafted: false,
        rootstock: null,
      },
      errors: {},
    });
  });

  it.each([
    ['keeps everything stored when nothing is given', {}, 'cutting', {}, {}],
    [
      'changes only what is given',
      { lengthInches: null, segments: 3 },
      'cutting',
      { lengthInches: null, segments: 3 },
      {},
    ],
    [
      'moves shipsAs to a new form’s default and drops callused',
      {},
      'rooted',
      { shipsAs: 'potted', callused: false },
      {},
    ],
    [
      'drops the rootstock of a plant no longer grafted',
      { grafted: false },
      'cutting',
      { grafted: false, rootstock: null },
      {},
    ],
    ['clears the rootstock given as empty', { rootstock: '' }, 'cutting', { rootstock: null }, {}],
    [
      'refuses callused given for a kept way of shipping that is not an unrooted cutting',
      { shipsAs: 'bare-root', callused: true },
      'cutting',
      { shipsAs: 'bare-root', callused: false },
      { callused: PLANT_FACTS_MESSAGES.callusedUnrooted },
    ],
    [
      'refuses a rootstock given for a plant given as not grafted',
      { grafted: false, rootstock: 'Vietnamese White' },
      'cutting',
      { grafted: false, rootstock: null },
      { rootstock: PLANT_FACTS_MESSAGES.rootstockNotGrafted },
    ],
  ] as const)('on an edit, %s', (_name, given, form, changed, errors) => {
    const { form: _stored, ...stored } = STORED;
    expect(resolvePlantFacts(given, form, STORED)).toEqual({
      facts: { ...stored, ...changed },
      errors,
    });
  });

  it('calls a plant rooted when it ships bare root or potted', () => {
    expect(['unrooted-cutting', 'bare-root', 'potted', 'seeds'].map((s) => isRooted(s as never))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});

describe("a cutting's size and its length", () => {
  it('follows the length for a single-tip cutting: up to 9 inches 6 inch, longer 12 inch; multi-tip stays', () => {
    expect(resolveCuttingSize(null, 9)).toBe('6 inch');
    expect(resolveCuttingSize(null, 10)).toBe('12 inch');
    expect(resolveCuttingSize('6 inch', 14)).toBe('12 inch');
    expect(resolveCuttingSize('multi-tip', 14)).toBe('multi-tip');
    expect(resolveCuttingSize('6 inch', null)).toBe('6 inch');
    expect(resolveCuttingSize(null, null)).toBeNull();
  });

  it('names a contradiction, and only a contradiction', () => {
    expect(cuttingSizeProblem('6 inch', 14)).toBe(
      'Cutting size must be 12 inch or multi-tip for a 14-inch cutting',
    );
    expect(cuttingSizeProblem('12 inch', 8)).toBe(
      'Cutting size must be 6 inch or multi-tip for an 8-inch cutting',
    );
    expect(cuttingSizeProblem('6 inch', 11)).toMatch(/for an 11-inch cutting$/);
    for (const [size, length] of [
      ['12 inch', 14],
      ['6 inch', 9],
      ['multi-tip', 3],
      ['6 inch', null],
      [null, 14],
    ] as const)
      expect(cuttingSizeProblem(size, length)).toBeNull();
  });

  it('shows the length itself on the chip of a single-tip cutting that has one', () => {
    expect(cuttingSizeChip('12 inch', 14)).toBe('14 inch (36cm)');
    expect(cuttingSizeChip('12 inch', 12)).toBe('12 inch (30cm)');
    expect(cuttingSizeChip('6 inch', 6)).toBe('6 inch (15cm)');
    expect(cuttingSizeChip('multi-tip', 18)).toBe('Multi-tip');
    expect(cuttingSizeChip('12 inch', null)).toBe('12 inch (30cm)');
    expect(cuttingSizeChip(null, null)).toBeNull();
  });

  it('is checked by the listing schema, so the form shows it under the size', () => {
    const base = {
      title: 'A cutting',
      description: 'Long.',
      variety: 'Sugar Dragon',
      form: 'cutting',
      quantity: 1,
      price: 10,
      imageUrl: '/images/products/sugar-dragon-cutting.svg',
    };
    const refused = listingSchema.safeParse({ ...base, cuttingSize: '6 inch', lengthInches: '14' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['cuttingSize', 'Cutting size must be 12 inch or multi-tip for a 14-inch cutting'],
    ]);
    // Another form drops the size: nothing to contradict.
    expect(
      listingSchema.safeParse({ ...base, form: 'rooted', cuttingSize: '6 inch', lengthInches: 14 }).success,
    ).toBe(true);
  });

  it('holds for every demo cutting', () => {
    for (const l of SEED_LISTINGS)
      if (l.form === 'cutting')
        expect(cuttingSizeProblem(l.cuttingSize ?? null, l.lengthInches ?? null), l.title).toBeNull();
  });
});
