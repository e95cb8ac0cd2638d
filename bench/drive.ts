/**
 * A closed-loop load driver for scenarios where each connection is its own signed-in user, with steps that
 * depend on each other (add to cart, then check out). autocannon shares one request list across connections,
 * so it cannot play separate users; this does, with a keep-alive connection per user.
 */
import http from 'node:http';
import type { LoadResult } from './load';

export interface Step {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as another user than the worker's own (a seller acting on the order its buyer has just placed). */
  cookie?: string;
  /** Only timed steps count as requests in the result (the others prepare them). */
  timed: boolean;
  /** Called with the answer's status and body (the body is read only for steps that ask for it). */
  onResponse?: (status: number, body: string) => void;
}

export interface Worker {
  cookie: string;
  /** The steps of one iteration for this user; `i` counts the iterations. */
  steps(i: number): Step[];
}

function send(agent: http.Agent, base: URL, cookie: string, step: Step): Promise<number> {
  const body = step.body === undefined ? undefined : JSON.stringify(step.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: step.method,
        path: step.path,
        headers: {
          ...step.headers,
          cookie,
          origin: base.origin,
          ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        if (step.onResponse) res.on('data', (c: Buffer) => chunks.push(c));
        else res.resume();
        res.on('end', () => {
          step.onResponse?.(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'));
          resolve(res.statusCode ?? 0);
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number) : 0;

/** Runs every worker's steps in a loop for `seconds`; latency and throughput of the timed steps. */
export async function drive(
  name: string,
  url: string,
  workers: Worker[],
  seconds: number,
): Promise<LoadResult> {
  const base = new URL(url);
  const latencies: number[] = [];
  let non2xx = 0;
  let serverErrors = 0;
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    workers.map(async (w) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let i = 0; performance.now() < end; i++) {
          for (const step of w.steps(i)) {
            const t0 = performance.now();
            try {
              const status = await send(agent, base, step.cookie ?? w.cookie, step);
              if (status < 200 || status > 299) non2xx++;
              if (status >= 500) serverErrors++;
            } catch {
              errors++;
            }
            if (step.timed) latencies.push(performance.now() - t0);
          }
        }
      } finally {
        agent.destroy();
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round1 = (ms: number) => Math.round(ms * 10) / 10;
  return {
    name,
    connections: workers.length,
    requests: latencies.length,
    rps: Math.round(latencies.length / elapsed),
    p50: round1(percentile(latencies, 50)),
    p99: round1(percentile(latencies, 99)),
    non2xx,
    serverErrors,
    errors,
  };
}
