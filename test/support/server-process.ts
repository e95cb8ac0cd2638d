/** The real server as a child process (crash tests), and a cookie-keeping HTTP client for it. */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { connect } from '../../server/src/db/connect';
import { TEMPLATE_DUMP_ENV } from './database';

const root = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export interface Server {
  url: string;
  process: ChildProcess;
}

/**
 * Starts the real server (server/src/main.ts) on `port`. An embedded database's DATA_DIR that is still empty is first
 * filled from the run's migrated template (test/support/database.ts) when there is one: 1.3 s of CPU rather than the
 * 7.5 s that creating and migrating a data dir takes (docs/decisions/0039-test-suite-time.md). The server then
 * starts as on any existing database: it migrates (nothing to do) and seeds when asked.
 */
export async function start(env: Record<string, string>, port: number): Promise<Server> {
  const dump = process.env[TEMPLATE_DUMP_ENV];
  if (env.DATA_DIR && dump && (await readdir(env.DATA_DIR).catch(() => [])).length === 0) {
    const database = await connect({ dataDir: env.DATA_DIR, loadDataDir: new Blob([await readFile(dump)]) });
    await database.close();
  }
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, process: child };
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('the server did not answer within 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A signed-in user talking to whichever server is up (the session lives in the database). */
export class HttpUser {
  readonly cookies = new Map<string, string>();
  constructor(
    public server: Server,
    readonly username: string,
  ) {}

  /** Signs up under its username (email {username}@example.com), as a seller or a buyer; the answer's status. */
  async register(isSeller: boolean): Promise<number> {
    const res = await this.call('POST', '/api/auth/register', {
      username: this.username,
      email: `${this.username}@example.com`,
      password: 'correct horse battery',
      isSeller,
    });
    return res.status;
  }

  async call<T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${this.server.url}${url}`, {
      method,
      headers: {
        origin: this.server.url,
        cookie: [...this.cookies.values()].join('; '),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      if (pair.endsWith('=')) this.cookies.delete(name);
      else this.cookies.set(name, pair);
    }
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
}
