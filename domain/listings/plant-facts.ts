/**
 * A listing's plant facts (docs/product.md#validation, Listing): how it ships, callused, its length and segments,
 * grafted and on which rootstock. Rooted is not a fact a seller sets: it follows from how the listing ships, and the
 * database derives it (`products.rooted`). Whether the variety is self-fertile is the listing's `pollination`.
 */
import {
  CUTTING_SIZE_LABELS,
  type CuttingSize,
  DEFAULT_SHIPS_AS,
  LENGTH_INCHES_MAX,
  type ProductForm,
  SHIPS_AS,
  type ShipsAs,
} from '../constants';
import { controlCharactersMessage } from '../text';

export { LENGTH_INCHES_MAX };
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

/**
 * A cutting's size and its length (docs/product.md#plant-facts). The length is the truth; the size follows from it.
 * The sizes are the spec's three, which the catalog's cutting-size filter offers: "6 inch" and "12 inch" are
 * lengths, "multi-tip" a shape (a stem that branched). A single-tip cutting with a length is in the size its
 * length falls in: up to SIX_INCH_CUTTING_MAX inches "6 inch", longer "12 inch" (so a 14-inch cutting is found by
 * the "12 inch" filter); a multi-tip cutting stays multi-tip whatever its length; a cutting without a length has
 * the size its seller chose, or none. A size that contradicts the length ("6 inch" for 14 inches) is refused, and
 * a cutting given a length without a size gets its length's. Where a size is shown (the product page's chip), a
 * single-tip cutting with a length shows the length itself: "14 inch (36cm)".
 */
export const SIX_INCH_CUTTING_MAX = 9;

/** The size of a single-tip cutting of this length. */
export const cuttingSizeOfLength = (lengthInches: number): CuttingSize =>
  lengthInches <= SIX_INCH_CUTTING_MAX ? '6 inch' : '12 inch';

/** The size a cutting is stored with: the one chosen unless its length says otherwise (see above). */
export function resolveCuttingSize(
  size: CuttingSize | null,
  lengthInches: number | null,
): CuttingSize | null {
  if (lengthInches === null || size === 'multi-tip') return size;
  return cuttingSizeOfLength(lengthInches);
}

/** The message when a cutting's chosen size contradicts its length, or null when it does not. */
export function cuttingSizeProblem(size: CuttingSize | null, lengthInches: number | null): string | null {
  if (size === null || size === 'multi-tip' || lengthInches === null) return null;
  const fits = cuttingSizeOfLength(lengthInches);
  return size === fits ? null : cuttingSizeLengthMessage(lengthInches);
}

/** "Cutting size must be 12 inch or multi-tip for a 14-inch cutting" ("an 8-inch", "an 11-inch", "an 18-inch"). */
export function cuttingSizeLengthMessage(lengthInches: number): string {
  const an = /^(8\d?|11|18)$/.test(String(lengthInches));
  return `Cutting size must be ${cuttingSizeOfLength(lengthInches)} or multi-tip for ${an ? 'an' : 'a'} ${lengthInches}-inch cutting`;
}

/** What a cutting's size chip says: the length itself for a single-tip cutting that has one, else its size's label. */
export function cuttingSizeChip(size: CuttingSize | null, lengthInches: number | null): string | null {
  if (size === 'multi-tip') return CUTTING_SIZE_LABELS[size];
  if (lengthInches !== null) return `${lengthInches} inch (${Math.round(lengthInches * 2.54)}cm)`;
  return size === null ? null : CUTTING_SIZE_LABELS[size];
}
