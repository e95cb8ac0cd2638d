import { pipeline } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NotFound } from '../../errors';
import type { Sitemaps } from './sitemap';

/** Search engines refetch these daily at most; an hour keeps a new listing's wait short. */
const CACHE = 'public, max-age=3600';

/**
 * GET /robots.txt, /sitemap.xml, /sitemap-pages.xml, /sitemap-listings-N.xml and /sitemap-sellers-N.xml
 * (catalog/sitemap.ts). Their URLs
 * are absolute, as the protocol asks: PUBLIC_ORIGIN when set (production), else the address the request came to.
 */
export async function sitemapRoutes(
  app: FastifyInstance,
  { sitemaps, publicOrigin }: { sitemaps: Sitemaps; publicOrigin?: string },
): Promise<void> {
  const originOf = (request: FastifyRequest) => publicOrigin ?? `${request.protocol}://${request.host}`;
  const xml = (reply: FastifyReply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', CACHE)
      .header('vary', 'accept-encoding');

  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(sitemaps.robots(originOf(request))),
  );
  app.get('/sitemap.xml', async (request, reply) => xml(reply).send(await sitemaps.index(originOf(request))));
  app.get('/sitemap-pages.xml', async (request, reply) => xml(reply).send(sitemaps.pages(originOf(request))));
  for (const kind of ['listings', 'sellers'] as const)
    app.get<{ Params: { n: string } }>(`/sitemap-${kind}-:n(^\\d{1,7}).xml`, async (request, reply) => {
      const n = Number(request.params.n);
      const body = n >= 1 ? await sitemaps.file(kind, originOf(request), n) : null;
      if (!body) throw new NotFound('No such sitemap');
      xml(reply);
      // 50,000 URLs are about 3 MB of XML and a tenth of it gzipped, which every search engine accepts.
      if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(body);
      const gzip = zlib.createGzip();
      pipeline(body, gzip, (err) => {
        if (err) request.log.warn({ err }, 'a sitemap stopped while it was being sent');
      });
      return reply.header('content-encoding', 'gzip').send(gzip);
    });
}
