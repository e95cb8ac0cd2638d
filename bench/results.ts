/**
 * The bench's results files, bench/results/<area>.md (committed; docs/performance.md quotes them, and
 * scripts/performance-doc.mjs copies them into it). The run reports each area's text as it goes (printed at once)
 * and at the end writes each area it measured to its file, whole, under a header: the date, the commit, the machine,
 * the load average at the start and the command. An area the run left out keeps the file it had.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { root } from './server';

/** The database an area's figures were taken on; `none` for figures in the bench's own process (the zone lookup). */
export type Database = 'PGlite' | 'PostgreSQL' | 'none';

export const RESULTS_DIR = path.join(root, 'bench/results');

// Taken when the run starts, before it loads the machine or writes a file.
const started = new Date();
const loadAverage = os.loadavg();
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
let commit = 'not known (git did not answer)';
try {
  commit = `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? ', with uncommitted changes' : ''}`;
} catch {
  // Not a git checkout (or no git): the header says so.
}

/** The machine: its cores, memory and Node. */
export const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;

/** The command as it was run, with its BENCH_* settings (a password in a database URL left out). */
function command(): string {
  const quote = (v: string) => (/^[\w.,:/@=+-]*$/.test(v) ? v : `'${v.replaceAll("'", "'\\''")}'`);
  const settings = Object.entries(process.env)
    .filter(([name]) => name.startsWith('BENCH_'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${quote((value ?? '').replace(/\/\/([^/:@]*):[^/@]*@/, '//$1:…@'))}`);
  const run =
    process.env.npm_lifecycle_event === 'bench' ? 'npm run bench' : 'node --import tsx bench/run.ts';
  return [...settings, run].join(' ');
}

const areas = new Map<string, { databases: Set<Database>; blocks: string[] }>();

/**
 * Prints `text` (a table, or a line of figures) and keeps it for bench/results/<area>.md; `database` is the one
 * the figures were taken on.
 */
export function report(area: string, database: Database, text: string): void {
  console.log(`${text}\n`);
  const kept = areas.get(area) ?? { databases: new Set<Database>(), blocks: [] };
  areas.set(area, kept);
  kept.databases.add(database);
  kept.blocks.push(text);
}

function header(databases: Set<Database>, postgresVersion: string): string {
  const pglite = JSON.parse(
    readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  const used = [...databases]
    .filter((d) => d !== 'none')
    .map((d) => (d === 'PGlite' ? `PGlite ${pglite.version}` : postgresVersion));
  return [
    'Written by `npm run bench`:',
    '',
    `- date: ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `- commit: ${commit}`,
    `- machine: ${machine}${used.length ? `; ${used.join(', ')}` : ''}`,
    `- load average at the start: ${loadAverage.map((n) => n.toFixed(2)).join(', ')} (1, 5 and 15 minutes)`,
    `- command: \`${command()}\``,
  ].join('\n');
}

/** PostgreSQL's version and where it runs. */
async function describePostgres(url: string): Promise<string> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ server_version: string }[]>`show server_version`;
    return `PostgreSQL ${row?.server_version} at ${new URL(url).hostname}`;
  } finally {
    await sql.end();
  }
}

/** Writes the file of every area the run reported; returns their paths, relative to the repository. */
export async function writeResults(pgUrl: string | undefined): Promise<string[]> {
  const usedPostgres = [...areas.values()].some((a) => a.databases.has('PostgreSQL'));
  const postgresVersion = pgUrl && usedPostgres ? await describePostgres(pgUrl) : 'PostgreSQL';
  mkdirSync(RESULTS_DIR, { recursive: true });
  const written: string[] = [];
  for (const [area, { databases, blocks }] of areas) {
    const file = path.join(RESULTS_DIR, `${area}.md`);
    writeFileSync(file, `${header(databases, postgresVersion)}\n\n${blocks.join('\n\n')}\n`);
    written.push(path.relative(root, file));
  }
  return written;
}
