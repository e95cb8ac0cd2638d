import type { FastifyRequest } from 'fastify';

/**
 * The path a request is decided by: the pattern of the route that matched it (`/api/products/:id`), else, when none
 * did, its path percent-decoded as the router decodes it. Never `request.url` as sent: the router matches
 * `/%61pi/newsletter` to `/api/newsletter`, so a hook that tested the raw URL let that spelling past the write limit
 * and the session's Cache-Control (issue 35, docs/decisions/0029-hold-the-edge.md).
 */
export function routePath(request: FastifyRequest): string {
  const matched = request.routeOptions.url;
  if (matched !== undefined) return matched;
  const raw = request.url;
  const end = raw.search(/[?#]/);
  const path = end === -1 ? raw : raw.slice(0, end);
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Whether the request is for the API (a route under /api/, or an unmatched path that decodes to one). */
export function isApiRequest(request: FastifyRequest): boolean {
  return routePath(request).startsWith('/api/');
}
