#!/usr/bin/env node
// `npm run lint:openapi`: Redocly CLI's lint of the committed API reference (redocly.yaml: the recommended rules).
// Two things of the CLI's own are kept out of a lint's output: its notices (update checks against the npm registry and
// announcements, off with REDOCLY_SUPPRESS_NOTIFICATIONS) and the box it prints on every run under Node.js 20 saying
// that later releases need Node.js 22 (no setting turns it off; this version runs on 20, which package.json's
// engines allow). Everything else the CLI prints, and its exit status, pass through.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');
const child = spawn(process.execPath, [cli, 'lint', 'docs/openapi.json'], {
  env: { ...process.env, REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' },
  stdio: ['ignore', 'pipe', 'pipe'],
});

/** Drops the Node.js 20 box (a run of lines from ╔ to ╚ that names Node.js 20) and keeps every other line. */
function filter(stream, out) {
  let pending = '';
  let box = null;
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (box === null && line.includes('╔')) box = [line];
      else if (box !== null) {
        box.push(line);
        if (line.includes('╚')) {
          if (!box.some((l) => l.includes('Node.js 20'))) out.write(`${box.join('\n')}\n`);
          box = null;
        }
      } else out.write(`${line}\n`);
    }
  });
  stream.on('end', () => {
    if (box !== null) out.write(`${box.join('\n')}\n`);
    if (pending) out.write(pending);
  });
}
filter(child.stdout, process.stdout);
filter(child.stderr, process.stderr);
child.on('close', (status) => {
  process.exitCode = status ?? 1;
});
