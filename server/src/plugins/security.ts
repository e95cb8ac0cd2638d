import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function requestOrigin(request: FastifyRequest): string | undefined {
  const { origin, referer } = request.headers;
  if (typeof origin === 'string' && origin !== '') return origin;
  if (typeof referer === 'string' && referer !== '') {
    try {
      return new URL(referer).origin;
    } catch {
      return 'invalid';
    }
  }
  return undefined;
}

/**
 * True when the Origin (or Referer) names this very site: scheme, host and port. That is the configured public
 * origin when there is one (behind a proxy that rewrites Host, the request's own Host is not the site's), else
 * the request's own scheme (X-Forwarded-Proto from a trusted proxy) and Host.
 */
export function isSameOrigin(request: FastifyRequest, publicOrigin?: string): boolean {
  const origin = requestOrigin(request);
  if (!origin || origin === 'null' || origin === 'invalid') return false;
  try {
    // Both go through URL, so default ports (80, 443) and letter case compare equal.
    const site = publicOrigin ?? new URL(`${request.protocol}://${request.headers.host}`).origin;
    return new URL(origin).origin === site;
  } catch {
    return false;
  }
}

/**
 * The security headers of every answer, computed once by helmet: they never vary by request, and working them out
 * per request cost a few percent of the server's CPU.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and the scroll lock add small <style> elements; no inline script is allowed.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  })({} as never, response as never, () => {});
  return headers;
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const headers = securityHeaders(config);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });

  // A state-changing request must come from a page of this site (CSRF defence with SameSite=Lax cookies).
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!isSameOrigin(request, config.publicOrigin)) throw forbidden('Cross-site request refused');
  });
}
