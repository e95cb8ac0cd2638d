// Builds the client into dist/client, and its server renderer into dist/ssr, when the build is missing or older
// than its sources. Used by `npm start` and `npm test`, so neither serves a stale client.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/client/index.html');
const builtRenderer = path.join(root, 'dist/ssr/entry-server.js');

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
  if (!existsSync(built) || !existsSync(builtRenderer)) return true;
  const sources = ['client', 'domain', 'vite.config.ts', 'package-lock.json']
    .map((p) => path.join(root, p))
    .filter(existsSync);
  return Math.max(...sources.map(newestMtime)) > statSync(built).mtimeMs;
}

/** Returns true when the client is built and current; prints Vite's errors and returns false otherwise. */
export function ensureClientBuilt() {
  if (!clientBuildIsStale()) return true;
  console.log('Building the client…');
  return buildClient(['--logLevel', 'warn']);
}

/**
 * `vite build` twice: the browser's bundle (dist/client), then the server renderer (dist/ssr); then the drawings'
 * link-preview PNGs (scripts/social-images.mjs).
 */
export function buildClient(extraArgs = []) {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  for (const args of [['build'], ['build', '--ssr', 'src/entry-server.tsx', '--outDir', '../dist/ssr']]) {
    const r = spawnSync(process.execPath, [vite, ...args, ...extraArgs], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) return false;
  }
  precompress(path.join(root, 'dist/client'));
  const social = spawnSync(process.execPath, [path.join(root, 'scripts/social-images.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return social.status === 0;
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the best ratio: the server
 * sends the one the browser accepts (@fastify/static preCompressed), with no compression work per request.
 */
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) precompress(file);
    else if (COMPRESSIBLE.test(entry.name) && statSync(file).size > 1024) {
      const content = readFileSync(file);
      writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(buildClient() ? 0 : 1);
