#!/usr/bin/env node
// `npm start`: builds the client when needed and bundles the server, then runs it; the server migrates and
// seeds the database before it listens. `npm run serve` runs the last build without building.
import { spawnSync } from 'node:child_process';
import { ensureClientBuilt, root } from './client-build.mjs';
import { buildServer } from './server-build.mjs';

if (!ensureClientBuilt()) process.exit(1);
const main = await buildServer();
const server = spawnSync(process.execPath, ['--enable-source-maps', main], { cwd: root, stdio: 'inherit' });
process.exit(server.status ?? 1);
