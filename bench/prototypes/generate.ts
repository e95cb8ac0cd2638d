/**
 * A kept catalog database for the prototypes: `node --import tsx bench/prototypes/generate.ts <url> <listings>`
 * migrates the database at <url> and, when it has no listings yet, fills it with bench/catalog-generator.ts.
 * (`npm run bench` does the same with BENCH_CATALOG_DATABASE.)
 */
import { fillCatalogDatabase } from '../catalog-generator';

const [url, listings] = process.argv.slice(2);
if (!url || !listings) throw new Error('usage: generate.ts <database url> <listings>');
const { listings: n, generatedMs } = await fillCatalogDatabase(url, Number(listings));
console.log(
  generatedMs === null ? `${n} listings there already` : `generated ${n} listings in ${generatedMs} ms`,
);
