/** Starts the real server as a child process for a benchmark, and measures the time to its first answer. */
import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';

export const root = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  /** The server process's id (for its memory, from /proc). */
  pid: number;
  /** Milliseconds from spawn to the first successful /api/health answer. */
  startMs: number;
  /**
   * Milliseconds from spawn until /api/health said the catalog index was built (docs/decisions/0041): the load
   * scenarios start then, so they measure the index, not the statements that count while it builds.
   */
  catalogIndexMs: number;
  stop(): Promise<void>;
}

/**
 * Each bench buyer checks out thousands of times and leaves the orders unpaid (and the seller's history leaves a third
 * of its buyers' orders unpaid): the caps on what one buyer holds unpaid are lifted, and their checks still run in every
 * checkout. The server and the in-process app that captures the scenarios' SQL both take them.
 */
export const BENCH_BUYER_LIMITS = { UNPAID_ORDERS_MAX: '1000000000', UNPAID_TOTAL_MAX_DOLLARS: '20000000' };

export async function startServer(env: Record<string, string>, port: number): Promise<RunningServer> {
  const started = performance.now();
  // BENCH_SERVER_ARGS: Node's own options for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (a profile
  // written when it stops; NODE_OPTIONS may not carry --cpu-prof).
  const nodeArgs = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, path.join(root, 'dist/server/main.mjs')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        AUTH_MAX_ATTEMPTS_PER_IP: '1000000',
        WRITE_LIMIT_PER_IP: '1000000000',
        WRITE_LIMIT_PER_ACCOUNT: '1000000000',
        ...BENCH_BUYER_LIMITS,
        ...env,
      },
      // BENCH_SERVER_LOG=file keeps the server's log (warnings and errors) for a look after a run.
      stdio: [
        'ignore',
        process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore',
        'inherit',
      ],
    },
  );
  // A bench that fails half-way leaves no server holding its port.
  const orphan = () => child.kill();
  process.once('exit', orphan);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not answer within 120 s');
    await new Promise((r) => setTimeout(r, 25));
  }
  const startMs = performance.now() - started;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const health = (await (await fetch(`${url}/api/health`)).json()) as { catalogIndex?: string };
    if (health.catalogIndex !== 'building') break;
    if (Date.now() > deadline) throw new Error('the catalog index was not built within 120 s');
    await new Promise((r) => setTimeout(r, 25));
  }
  return {
    url,
    pid: child.pid as number,
    startMs,
    catalogIndexMs: performance.now() - started,
    stop: () =>
      new Promise<void>((resolve) => {
        process.off('exit', orphan);
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The server's resident memory now, in MB (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Signs in through the API and returns the session cookie. */
export async function login(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0] as string;
}

/** Runs `use` on a new PostgreSQL database named `name` next to the one `adminUrl` names, dropped afterwards. */
export async function withBenchDatabase<T>(
  adminUrl: string,
  name: string,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await use(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
