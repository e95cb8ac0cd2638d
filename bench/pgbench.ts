/**
 * pgbench, PostgreSQL's own load tool, as the ceiling the API is compared with (docs/quality.md#performance-budgets): the same SQL
 * as one API request, run at the same concurrency straight against the database.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadResult } from './load';

/** The query with its parameters inlined as literals (bench-only: the values come from our own scenarios). */
export function inline(query: string, params: unknown[]): string {
  const literal = (v: unknown): string =>
    v === null
      ? 'null'
      : Array.isArray(v)
        ? `array[${v.map(literal).join(',')}]${v.every((x) => typeof x === 'string') ? '::text[]' : ''}`
        : typeof v === 'number' || typeof v === 'boolean'
          ? String(v)
          : `'${String(v).replaceAll("'", "''")}'`;
  return query.replace(/\$(\d+)/g, (_, n) => literal(params[Number(n) - 1]));
}

/**
 * A pgbench script: one statement per line (pgbench reads a line as one command). A line that is already a
 * meta-command (`\set …`) or ends with one (`… \gset prefix_`) is kept as it is; other lines get their `;`. A
 * statement's `--` comments go first: on one line, one would swallow the rest of the statement and its `;`.
 */
export function pgbenchScript(statements: string[]): string {
  const lines = statements.map((q) => {
    const line = q
      .replace(/--[^\n]*/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    return line.startsWith('\\') || /\\gset\b/.test(line) ? line : `${line};`;
  });
  return `${lines.join('\n')}\n`;
}

/**
 * Runs a script with pgbench at `clients` connections for `seconds`; returns transactions per second. `settings`
 * are given to each connection as the app's pool for those statements has them (PGOPTIONS). Several scripts (the
 * SQL of several different requests): each transaction runs one of them, picked at random with equal weights.
 */
export function pgbench(
  url: string,
  script: string | string[],
  seconds: number,
  clients = 10,
  settings: Record<string, string> = {},
): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dfm-pgbench-'));
  try {
    const files = (Array.isArray(script) ? script : [script]).map((text, i) => {
      const file = path.join(dir, `scenario-${i}.sql`);
      writeFileSync(file, text);
      return file;
    });
    const u = new URL(url);
    const r = spawnSync(
      'pgbench',
      [
        '-n',
        '-c',
        String(clients),
        '-j',
        '2',
        '-T',
        String(seconds),
        ...files.flatMap((file) => ['-f', `${file}@1`]),
        '-h',
        u.hostname,
        '-p',
        u.port || '5432',
        '-U',
        u.username || 'postgres',
        u.pathname.slice(1),
      ],
      {
        encoding: 'utf8',
        env: {
          ...process.env,
          PGOPTIONS: Object.entries(settings)
            .map(([name, value]) => `-c ${name}=${value}`)
            .join(' '),
        },
      },
    );
    const tps = /tps = ([\d.]+)/.exec(r.stdout ?? '');
    const failed = /number of failed transactions: ([1-9]\d*)/.exec(r.stdout ?? '');
    if (!tps || failed) throw new Error(`pgbench failed: ${r.stderr || r.stdout}`);
    return Math.round(Number(tps[1]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The API against pgbench for one scenario. */
export interface Comparison {
  name: string;
  apiRps: number;
  pgbenchTps: number;
  /** The median round's ratio. */
  ratio: number;
  /** Every round's ratio, lowest first. */
  rounds: number[];
}

/**
 * The API and pgbench, alternately, `rounds` times: on a small machine the load generator, the server and
 * PostgreSQL share the cores, so one run's ratio moves by ±15 points. The median round is reported.
 */
export async function compareRounds(
  name: string,
  rounds: number,
  api: () => Promise<LoadResult>,
  database: () => number,
): Promise<{ api: LoadResult; comparison: Comparison }> {
  const runs: Array<{ api: LoadResult; tps: number; ratio: number }> = [];
  for (let i = 0; i < rounds; i++) {
    const a = await api();
    const tps = database();
    runs.push({ api: a, tps, ratio: tps ? a.rps / tps : 0 });
  }
  runs.sort((a, b) => a.ratio - b.ratio);
  const median = runs[Math.floor(runs.length / 2)] as (typeof runs)[number];
  return {
    api: median.api,
    comparison: {
      name,
      apiRps: median.api.rps,
      pgbenchTps: median.tps,
      ratio: median.ratio,
      rounds: runs.map((r) => r.ratio),
    },
  };
}
