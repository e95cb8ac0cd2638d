import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  connections: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** 5xx answers (counted by the drive; autocannon counts them in non2xx). */
  serverErrors?: number;
  errors: number;
}

export interface LoadOptions {
  name: string;
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  seconds?: number;
  /** A varied scenario: the path (and query) of each request, counted across connections from 0. */
  path?: (i: number) => string;
}

/** Runs autocannon against one endpoint for a bounded time on loopback. */
export async function load(o: LoadOptions): Promise<LoadResult> {
  const connections = o.connections ?? 10;
  let sent = 0;
  const varied = o.path;
  const result = await autocannon({
    ...(varied
      ? {
          requests: [
            { setupRequest: (request: autocannon.Request) => ({ ...request, path: varied(sent++) }) },
          ],
        }
      : {}),
    url: o.url,
    method: o.method ?? 'GET',
    headers: o.headers,
    body: o.body,
    connections,
    duration: o.seconds ?? 5,
  });
  return {
    name: o.name,
    connections,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The markdown table of load runs, as the bench prints it and writes it to bench/results/. */
export function loadTable(rows: LoadResult[]): string {
  return [
    '| scenario | conns | req/s | p50 ms | p99 ms | non-2xx | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) => `| ${r.name} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`,
    ),
  ].join('\n');
}
