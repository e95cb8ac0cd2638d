/**
 * `npm run db:generate -- --name <what>`: drizzle-kit's migration for the schema's changes, completed with what
 * drizzle-kit cannot write. When the catalog's summary columns changed (a list or flag filter added to
 * CATALOG_FILTERS), the migration also empties catalog_facet_counts before its columns change, replaces
 * catalog_facet_counts_apply() with the version the filter table gives, and refills the table
 * (server/src/db/facet-counts.ts). Read the result before committing it.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  facetCountsFunctionSql,
  facetCountsRefillSql,
  lastFacetCountsFunction,
  normalizeSql,
} from '../server/src/db/facet-counts';

const root = join(import.meta.dirname, '..');
const migrations = join(root, 'server/src/db/migrations');
const BREAK = '\n--> statement-breakpoint\n';

const sqlFiles = () =>
  readdirSync(migrations)
    .filter((f) => f.endsWith('.sql'))
    .sort();

function latestFunction(files: string[]): string | undefined {
  let latest: string | undefined;
  for (const file of files)
    latest = lastFacetCountsFunction(readFileSync(join(migrations, file), 'utf8')) ?? latest;
  return latest;
}

function drizzleKit(args: string[]): void {
  const run = spawnSync(join(root, 'node_modules/.bin/drizzle-kit'), ['generate', ...args], {
    cwd: root,
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const args = process.argv.slice(2);
const before = new Set(sqlFiles());
const wanted = facetCountsFunctionSql();
const current = latestFunction([...before]);
const summaryChanged = current === undefined || normalizeSql(current) !== normalizeSql(wanted);

drizzleKit(args);
let added = sqlFiles().filter((f) => !before.has(f));
if (summaryChanged && added.length === 0) {
  // The summary's SQL changed with no change drizzle-kit sees: an empty migration to hold it.
  drizzleKit(['--custom', ...args]);
  added = sqlFiles().filter((f) => !before.has(f));
}
if (summaryChanged && added.length === 1) {
  const file = join(migrations, added[0] as string);
  // drizzle-kit's custom migration holds only a placeholder comment.
  const generated = readFileSync(file, 'utf8')
    .replace(/^-- Custom SQL migration file.*$/m, '')
    .trim();
  const parts = [
    '-- catalog_facet_counts changes with the filter table: emptied before its columns change, then its trigger\n' +
      '-- function and its rows are written again from the table (scripts/db-generate.ts).\n' +
      'DELETE FROM catalog_facet_counts;',
    ...(generated ? [generated] : []),
    wanted,
    facetCountsRefillSql(),
  ];
  writeFileSync(file, `${parts.join(BREAK)}\n`);
  console.log(
    `${added[0]}: catalog_facet_counts_apply() and the table's rows rewritten from CATALOG_FILTERS.`,
  );
}
