import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/** True when the Origin (or Referer) names this very site: same host and port as the request. */
export function isSameOrigin(request: FastifyRequest): boolean {
  const origin = requestOrigin(request);
  if (!origin || origin === 'null' || origin === 'invalid') return false;
  try {
    const url = new URL(origin);
    // Parse the Host header with the origin's scheme, so default ports (80, 443) compare equal.
    return url.host === new URL(`${url.protocol}//${request.headers.host}`).host;
  } catch {
    return false;
  }
}

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
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
    hsts: config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  // A state-changing request must come from a page of this site (CSRF defence with SameSite=Lax cookies).
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!isSameOrigin(request)) throw forbidden('Cross-site request refused');
  });
}
