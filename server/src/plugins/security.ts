import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import { forbidden } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `signed`: the route is exempt from the Origin check because its caller proves itself by a signature over the
     * raw body (a payment provider's webhook, which sends no Origin). Only routes registered inside `signedRoutes`
     * may say it; anywhere else it stops start-up.
     */
    crossSite?: 'signed';
  }
}

/** The plugin instances made by signedRoutes: the only places a route may say `crossSite: 'signed'`. */
const SIGNED_SCOPES = new WeakSet<FastifyInstance>();

/**
 * The routes of a webhook plugin whose every request is checked against a signature over its raw body
 * (docs/decisions/0021-payments.md#the-webhook-routes-and-the-security-rules): inside it, and only there, a route
 * may be exempt from the Origin check (`config: { crossSite: 'signed' }`). The scope's JSON bodies reach the handlers
 * as the raw Buffer, untouched, for the signature check; no other content type is read. Nothing else is waived:
 * the access rule, the declared answers, the body and time limits, the write limit and the error shape still apply.
 */
export function signedRoutes<O extends FastifyPluginOptions>(
  routes: (app: FastifyInstance, options: O) => Promise<void>,
): FastifyPluginAsync<O> {
  return async (app, options) => {
    SIGNED_SCOPES.add(app);
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    await routes(app, options);
  };
}

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
        // blob: for the listing form's previews of the photos a seller has chosen (object URLs of local files),
        // shown before they are uploaded so they can be put in order; nothing else may load from blob:.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
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

  // The exemption below is for signed webhooks only: a route that claims it anywhere else stops start-up, naming it.
  app.addHook('onRoute', function (route) {
    if (route.config?.crossSite === undefined) return;
    if (route.config.crossSite !== 'signed' || !SIGNED_SCOPES.has(this))
      throw new Error(
        `${[route.method].flat().join(',')} ${route.url} sets config.crossSite outside signedRoutes: only a webhook whose signature is checked may skip the Origin check`,
      );
  });

  // A state-changing request must come from a page of this site (CSRF defence with SameSite=Lax cookies); a signed
  // webhook proves itself by its signature instead (signedRoutes).
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config?.crossSite === 'signed') return;
    if (!isSameOrigin(request, config.publicOrigin)) throw forbidden('Cross-site request refused');
  });
}
