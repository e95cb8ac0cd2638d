import { createRequire } from 'node:module';
import { ZIP_PATTERN, type ZipPlace, zip5 } from '@domain/shipping/addresses';

/** Where a ZIP code is: its city and its two-letter USPS state (or territory, or military) code. */
export type ZipLocation = Omit<ZipPlace, 'zip'>;

export type ZipLookup = (zip: string) => ZipLocation | null;

interface ZipcodesPackage {
  lookup(zip: string): { city: string; state: string; country: string } | undefined;
}

let zipcodes: ZipcodesPackage | undefined;

/**
 * The `zipcodes` package (8.0.0, BSD licence): US and Canadian postal codes in a 5 MB JavaScript table, offline.
 * Loaded on the first lookup, not at start: it takes about 150 ms and 28 MB of heap, which a server that never
 * sees an address need not pay. CommonJS without types, hence the require.
 */
function table(): ZipcodesPackage {
  zipcodes ??= createRequire(import.meta.url)('zipcodes') as ZipcodesPackage;
  return zipcodes;
}

/**
 * The US place of a 5-digit ZIP code or ZIP+4 (the first five digits), or null when the table does not know it.
 * Only US codes count: the package also holds Canadian ones, which a text of digits cannot name, but checked anyway.
 */
export function lookupZip(zip: string): ZipLocation | null {
  if (!ZIP_PATTERN.test(zip)) return null;
  const found = table().lookup(zip5(zip));
  if (found?.country !== 'US') return null;
  return { city: found.city, state: found.state };
}
