/**
 * A listing's plant facts (docs/product.md#validation, Listing): how it ships, callused, its length and segments,
 * grafted and on which rootstock. Rooted is not a fact a seller sets: it follows from how the listing ships, and the
 * database derives it (`products.rooted`). Whether the variety is self-fertile is the listing's `pollination`.
 */
import { DEFAULT_SHIPS_AS, type ProductForm, SHIPS_AS, type ShipsAs } from '../constants';
import { controlCharactersMessage } from '../text';

export const LENGTH_INCHES_MAX = 120;
export const SEGMENTS_MAX = 50;
export const ROOTSTOCK_MAX = 60;

/** The ways of shipping a listing that travels with roots: `products.rooted` is true for these. */
export const ROOTED_SHIPS_AS: readonly ShipsAs[] = ['bare-root', 'potted'];

/** The only way of shipping that a callused cut end belongs to. */
export const CALLUSED_SHIPS_AS: ShipsAs = 'unrooted-cutting';

export const PLANT_FACTS_MESSAGES = {
  shipsAs: `Ships as must be one of ${SHIPS_AS.join(', ')}`,
  callused: 'Callused must be true or false',
  callusedUnrooted: 'Only an unrooted cutting can be callused',
  lengthInches: `Length must be a whole number of inches from 1 to ${LENGTH_INCHES_MAX}`,
  segments: `Segments must be a whole number from 1 to ${SEGMENTS_MAX}`,
  grafted: 'Grafted must be true or false',
  rootstock: `Rootstock must be at most ${ROOTSTOCK_MAX} characters`,
  rootstockControl: controlCharactersMessage('Rootstock'),
  rootstockNotGrafted: 'A rootstock can only be given for a grafted plant',
} as const;

/** The plant facts a listing stores. */
export interface PlantFacts {
  shipsAs: ShipsAs;
  callused: boolean;
  lengthInches: number | null;
  segments: number | null;
  grafted: boolean;
  rootstock: string | null;
}

/** The plant facts a request gives: each may be left out (undefined); null clears a number or the rootstock. */
export type GivenPlantFacts = { [K in keyof PlantFacts]?: PlantFacts[K] };

export type PlantFactsErrors = Partial<Record<keyof PlantFacts, string>>;

export const isRooted = (shipsAs: ShipsAs): boolean => ROOTED_SHIPS_AS.includes(shipsAs);

/**
 * The plant facts a listing gets from a request, and the facts it gives that contradict each other.
 *
 * - A new listing (`stored` absent): a fact left out takes its default: shipsAs the form's (DEFAULT_SHIPS_AS),
 *   not callused, no length, no segments, not grafted, no rootstock.
 * - An edit (`stored`: the listing as it is): a fact left out keeps its stored value, so a client that does not
 *   know the plant facts does not erase them; shipsAs left out keeps its value unless the edit changes the form,
 *   then it takes the new form's default.
 * - A kept value that no longer fits is dropped (callused when the listing no longer ships as an unrooted
 *   cutting, the rootstock when it is no longer grafted); a given value that does not fit is an error.
 */
export function resolvePlantFacts(
  given: GivenPlantFacts,
  form: ProductForm,
  stored?: PlantFacts & { form: ProductForm },
): { facts: PlantFacts; errors: PlantFactsErrors } {
  const shipsAs = given.shipsAs ?? (stored && stored.form === form ? stored.shipsAs : DEFAULT_SHIPS_AS[form]);
  const grafted = given.grafted ?? stored?.grafted ?? false;
  const callusable = shipsAs === CALLUSED_SHIPS_AS;
  const errors: PlantFactsErrors = {};
  if (given.callused === true && !callusable) errors.callused = PLANT_FACTS_MESSAGES.callusedUnrooted;
  if (given.rootstock && !grafted) errors.rootstock = PLANT_FACTS_MESSAGES.rootstockNotGrafted;
  const facts: PlantFacts = {
    shipsAs,
    callused: callusable && (given.callused ?? stored?.callused ?? false),
    lengthInches: given.lengthInches !== undefined ? given.lengthInches : (stored?.lengthInches ?? null),
    segments: given.segments !== undefined ? given.segments : (stored?.segments ?? null),
    grafted,
    rootstock: grafted
      ? given.rootstock !== undefined
        ? given.rootstock || null
        : (stored?.rootstock ?? null)
      : null,
  };
  return { facts, errors };
}
