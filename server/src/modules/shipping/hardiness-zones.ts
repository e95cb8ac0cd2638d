import { readFile } from 'node:fs/promises';
import { HARDINESS_ZONES, type HardinessZone } from '@domain/shipping/zones';

/**
 * The USDA plant hardiness zone of each ZIP code: `hardiness-zones.csv`, beside this module (and copied beside the
 * bundled server by scripts/server-build.mjs), `zip,zone` for 29,754 ZIP codes of the 50 states, DC and Puerto Rico,
 * half-zones 1b to 13b.
 *
 * Provenance: the PRISM Climate Group's ZIP-code tables behind the USDA Plant Hardiness Zone Map (2012 edition), as
 * published per ZIP by the open-source `frostline` project (MIT, repository waldoj/frostline, commit 050a887, 2015).
 * PRISM's terms: derived from, not identical to, the official USDA map. A ZIP the table lacks has no known zone: the
 * app says so and never guesses from a neighbour.
 *
 * Held as one byte per possible ZIP (100,000 bytes), the zone's place in HARDINESS_ZONES plus one (0: unknown), so a
 * lookup is an array read.
 */
const FILE = new URL('./hardiness-zones.csv', import.meta.url);

let table: Promise<Uint8Array> | undefined;

/** Parses the table's text: `zip,zone` lines after a header; a line of any other form is an error. */
export function parseZoneTable(text: string): Uint8Array {
  const zones = new Uint8Array(100_000);
  const lines = text.split('\n');
  if (lines[0]?.trim() !== 'zip,zone') throw new Error('hardiness-zones.csv: the header is not "zip,zone"');
  for (let i = 1; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === '') continue;
    const match = /^(\d{5}),(\d{1,2}[ab])$/.exec(line);
    const rank = match ? HARDINESS_ZONES.indexOf(match[2] as string) : -1;
    if (!match || rank < 0)
      throw new Error(`hardiness-zones.csv, line ${i + 1}: not a ZIP and a zone: ${line}`);
    zones[Number(match[1])] = rank + 1;
  }
  return zones;
}

function zoneTable(): Promise<Uint8Array> {
  table ??= readFile(FILE, 'utf8').then(parseZoneTable);
  return table;
}

/** Loads the table now (the server does once it listens) rather than on the first lookup. */
export async function preloadZoneTable(): Promise<void> {
  await zoneTable();
}

/** The hardiness zone of a 5-digit ZIP code, or null when the table has none for it (or it is not five digits). */
export async function hardinessZone(zip: string): Promise<HardinessZone | null> {
  if (!/^\d{5}$/.test(zip)) return null;
  const rank = (await zoneTable())[Number(zip)] as number;
  return rank === 0 ? null : (HARDINESS_ZONES[rank - 1] as HardinessZone);
}
