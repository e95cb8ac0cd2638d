// Bundles the server (our TypeScript only; packages stay in node_modules) into dist/server/main.mjs, with the
// SQL migrations and the hardiness zone table beside it. Plain `node` then runs it: no TypeScript loader at start-up.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'dist/server');

export async function buildServer() {
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'server/src/main.ts')],
    outfile: path.join(out, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'server/src/db/migrations'), path.join(out, 'migrations'), { recursive: true });
  // Data the server reads beside its module (new URL(…, import.meta.url)).
  cpSync(
    path.join(root, 'server/src/modules/shipping/hardiness-zones.csv'),
    path.join(out, 'hardiness-zones.csv'),
  );
  return path.join(out, 'main.mjs');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildServer();
  console.log('Server bundled into dist/server/main.mjs');
}
