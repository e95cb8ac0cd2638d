// Builds the client into dist/client when the build is missing or older than its sources.
// Used by `npm start` and `npm test`, so neither serves a stale client.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/client/index.html');

function newestMtime(p) {
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

export function clientBuildIsStale() {
  if (!existsSync(built)) return true;
  const sources = ['client', 'domain', 'vite.config.ts', 'package-lock.json']
    .map((p) => path.join(root, p))
    .filter(existsSync);
  return Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
}

/** Returns true when the client is built and current; prints Vite's errors and returns false otherwise. */
export function ensureClientBuilt() {
  if (!clientBuildIsStale()) return true;
  console.log('Building the client…');
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  return r.status === 0;
}
