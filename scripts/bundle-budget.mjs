// The client's JavaScript budget (docs/quality.md#performance-budgets): the JavaScript `/` needs (the entry, everything it
// imports, and the home page's chunk) at most 120 KiB gzip, and no route chunk over 60 KiB gzip.
// Reads Vite's manifest, prints every chunk's gzip size and exits 1 when a budget is exceeded.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist/client');
const KIB = 1024;
const HOME_BUDGET = 120 * KIB;
const ROUTE_BUDGET = 60 * KIB;

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gzipSize = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kib = (bytes) => `${(bytes / KIB).toFixed(1)} KiB`;

/** The chunk's file and every chunk it imports statically (what the browser loads with it). */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const files = (keys) => new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')));

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const home = Object.keys(manifest).find((k) => k.endsWith('features/content/HomePage.tsx'));
if (!entry || !home) {
  console.error('Bundle budget: the entry or the home page chunk is missing from the Vite manifest');
  process.exit(1);
}
const homeFiles = files(new Set([...closure(entry), ...closure(home)]));
const homeBytes = [...homeFiles].reduce((sum, f) => sum + gzipSize(f), 0);

const failures = [];
console.log('JavaScript chunks (gzip -9):');
const chunks = Object.values(manifest)
  .filter((c) => c.file.endsWith('.js'))
  .map((c) => ({ file: c.file, bytes: gzipSize(c.file), route: Boolean(c.isDynamicEntry) }))
  .sort((a, b) => b.bytes - a.bytes);
for (const c of chunks) {
  const over = c.route && c.bytes > ROUTE_BUDGET;
  if (over) failures.push(`route chunk ${c.file} is ${kib(c.bytes)}, over ${kib(ROUTE_BUDGET)}`);
  console.log(
    `  ${kib(c.bytes).padStart(10)}  ${c.file}${c.route ? ' (route)' : ''}${over ? '  OVER BUDGET' : ''}`,
  );
}
console.log(
  `JavaScript for /: ${kib(homeBytes)} gzip in ${homeFiles.size} files (budget ${kib(HOME_BUDGET)})`,
);
if (homeBytes > HOME_BUDGET)
  failures.push(`the JavaScript for / is ${kib(homeBytes)}, over ${kib(HOME_BUDGET)}`);
if (failures.length) {
  for (const f of failures) console.error(`Bundle budget exceeded: ${f}`);
  process.exit(1);
}
