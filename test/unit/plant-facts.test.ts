import { DEFAULT_SHIPS_AS, FORMS } from '@domain/constants';
import {
  isRooted,
  PLANT_FACTS_MESSAGES,
  type PlantFacts,
  resolvePlantFacts,
} from '@domain/listings/plant-facts';
import { describe, expect, it } from 'vitest';

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
