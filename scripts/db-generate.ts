/**
 * `npm run db:generate -- --name <what>`: drizzle-kit's migration for the schema's changes, completed with what
 * drizzle-kit cannot write. When the catalog's summary columns changed (a list or flag filter added to
 * CATALOG_FILTERS), the migration also empties catalog_facet_counts and catalog_blocked_counts (when it exists
 * already) before their columns change, replaces catalog_facet_counts_apply() with the version the filter table
 * gives, and refills both tables (server/src/db/facet-counts.ts). Read the result before committing it.
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

/** The tables of the latest snapshot: the schema before this migration. */
function tablesBefore(): Set<string> {
  const meta = join(migrations, 'meta');
  const latest = readdirSync(meta)
    .filter((f) => f.endsWith('_snapshot.json'))
    .sort()
    .at(-1);
  if (!latest) return new Set();
  const snapshot = JSON.parse(readFileSync(join(meta, latest), 'utf8')) as {
    tables?: Record<string, unknown>;
  };
  return new Set(Object.keys(snapshot.tables ?? {}));
}

const args = process.argv.slice(2);
const blockedCountsExisted = tablesBefore().has('public.catalog_blocked_counts');
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
    '-- catalog_facet_counts (and catalog_blocked_counts) change with the filter table: emptied before their columns\n' +
      '-- change, then the trigger function and their rows are written again from the table (scripts/db-generate.ts).\n' +
      `DELETE FROM catalog_facet_counts;${blockedCountsExisted ? '\nDELETE FROM catalog_blocked_counts;' : ''}`,
    ...(generated ? [generated] : []),
    wanted,
    facetCountsRefillSql(),
  ];
  writeFileSync(file, `${parts.join(BREAK)}\n`);
  console.log(
    `${added[0]}: catalog_facet_counts_apply() and the table's rows rewritten from CATALOG_FILTERS.`,
  );
}
