import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { PageHead } from '@domain/seo';
import { SHIP_ZIP_COOKIE, SHIP_ZIP_MAX_AGE_SECONDS } from '@domain/shipping/addresses';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeMarkup } from '../http/escape';
import { notFound } from './errors';
import { headTags } from './page-head';
import { PRIVATE_NO_STORE, SESSION_COOKIE, SIGNED_IN_COOKIE } from './session';

/** The server renderer built from the client (client/src/entry-server.tsx): its contract, as the server uses it. */
interface PageRenderer {
  render(request: {
    url: string;
    mayHaveSession: boolean;
    zip?: string | null;
    /** The site's origin, for the absolute URLs a page gives search engines. */
    origin: string;
    api: (url: string, init: RequestInit) => Promise<Response>;
  }): Promise<{
    status: number;
    redirectTo?: string;
    title: string;
    head?: PageHead;
    html: string;
    state: unknown;
  } | null>;
}

/**
 * Serves the built client: hashed assets cached for a year, and every other page path as HTML. Public pages are
 * rendered on the server with their data (dist/ssr, when built), so they paint before any JavaScript runs; the
 * rest, and any page whose render fails, get index.html for the browser to render. Unknown /api paths get a
 * JSON 404. The whole path of a page request: docs/architecture.md#a-server-rendered-page.
 */
export async function registerClient(
  app: FastifyInstance,
  clientDir: string,
  /** PUBLIC_ORIGIN: the origin of the pages' canonical URLs; else the address a request came to. */
  publicOrigin?: string,
): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  const hasClient = existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (scripts/client-build.mjs).
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.endsWith('index.html')) res.header('cache-control', 'no-cache');
        else if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'public, max-age=3600');
      },
    });
  }
  const rendererFile = path.join(clientDir, '..', 'ssr', 'entry-server.js');
  const renderer =
    hasClient && existsSync(rendererFile)
      ? ((await import(pathToFileURL(rendererFile).href)) as PageRenderer)
      : undefined;
  const template = hasClient ? readFileSync(indexFile, 'utf8') : '';

  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/');
    if (!isPage || !hasClient) throw notFound(`No route for ${request.method} ${request.url.split('?')[0]}`);
    // The product page's ZIP check sent as a plain form (before the page is adopted, or without JavaScript):
    // remember the code as the browser would, and show the page again without it in the address.
    const typed = zipParam(request.url);
    if (typed) {
      if (/^\d{5}$/.test(typed.zip))
        reply.header(
          'set-cookie',
          `${SHIP_ZIP_COOKIE}=${typed.zip}; Max-Age=${SHIP_ZIP_MAX_AGE_SECONDS}; Path=/; SameSite=Lax`,
        );
      return reply.header('cache-control', 'private, no-cache').redirect(locationOf(typed.rest), 303);
    }
    const origin = publicOrigin ?? `${request.protocol}://${request.host}`;
    const page = renderer && (await renderPage(app, renderer, request, reply, origin));
    if (!page) return reply.sendFile('index.html');
    if (page.redirectTo)
      return reply.header('cache-control', 'private, no-cache').redirect(locationOf(page.redirectTo));
    const html = Buffer.from(fillTemplate(template, page));
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    // A signed-in visitor's page carries their data (the header's name, the query cache): kept by no cache at all.
    const signedIn = Boolean(request.cookies[SESSION_COOKIE]);
    reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', signedIn ? PRIVATE_NO_STORE : 'private, no-cache')
      .header('vary', 'accept-encoding');
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await compress[encoding](html));
  });
}

// A rendered page is compressed as it is sent: at brotli's quality 5 a 90 KB page takes about a millisecond and
// shrinks several times over, which matters far more on a phone's connection.
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compress = {
  br: (data: Buffer) => brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (data: Buffer) => gzip(data, { level: 6 }),
};

function preferredEncoding(acceptEncoding: string | undefined): keyof typeof compress | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*q=/))
      .filter(([, q]) => q === undefined || Number(q) > 0)
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * Renders the page, or answers null for the browser to render it. The cookies the API set while answering the
 * page's queries (the signed_in hint given to an older session, or dropped with an expired one) are set on the
 * page's own answer, as they would have been on the browser's own API calls.
 */
async function renderPage(
  app: FastifyInstance,
  renderer: PageRenderer,
  request: FastifyRequest,
  reply: FastifyReply,
  origin: string,
) {
  const cookie = request.headers.cookie;
  const setCookies = new Map<string, string>();
  try {
    return await renderer.render({
      url: request.url,
      origin,
      // Asked whenever either cookie is here: the answer (and the cookies it sets) puts them right.
      mayHaveSession: Boolean(request.cookies[SESSION_COOKIE] || request.cookies[SIGNED_IN_COOKIE]),
      zip: /^\d{5}$/.test(request.cookies[SHIP_ZIP_COOKIE] ?? '')
        ? (request.cookies[SHIP_ZIP_COOKIE] ?? null)
        : null,
      // The page's queries are answered in-process by the API routes themselves, as the same user.
      api: async (url, init) => {
        if (init.method && init.method !== 'GET')
          throw new Error(`A page render may only read: ${init.method} ${url}`);
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
          remoteAddress: request.ip,
        });
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          for (const v of [value ?? []].flat()) {
            if (name === 'set-cookie') setCookies.set(String(v).split('=', 1)[0] ?? '', String(v));
            else headers.append(name, String(v));
          }
        return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers });
      },
    });
  } catch (error) {
    // The browser renders the page itself: the visitor still gets it, and the log says why the server did not.
    request.log.error({ err: error }, 'server render failed');
    return null;
  } finally {
    if (setCookies.size > 0) reply.header('set-cookie', [...setCookies.values()]);
  }
}

/**
 * A page's redirect as a Location header: a path of this site, in the characters a header may carry (the page
 * percent-encodes the rest, see safeRedirect). Anything else goes to the home page rather than failing the answer.
 */
function locationOf(target: string): string {
  return /^\/(?![/\\])[\x21-\x7e]*$/.test(target) ? target : '/';
}

/**
 * Puts the page into the built index.html. Every piece is put in by a replacer function, never a replacement
 * string: in a string, "$&", "$`" and "$'" are patterns, and user text (a title, a search) holding one would
 * copy parts of the template into the page and its data.
 */
export function fillTemplate(
  template: string,
  page: { title: string; head?: PageHead; html: string; state: unknown },
): string {
  // The state goes in a JSON data block (not run as script, so the CSP allows it); "<" is escaped so no text in
  // it can close the element.
  const state = JSON.stringify(page.state).replace(/</g, '\\u003c');
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeMarkup(page.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, (tag) =>
      page.head?.description
        ? `<meta name="description" content="${escapeMarkup(page.head.description)}" />`
        : tag,
    )
    .replace('</head>', () => `${headTags(page.title, page.head)}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="server-data">${state}</script>`,
    );
}

/** A page address's `zip` parameter (the product page's plain ZIP form), trimmed, and the address without it. */
function zipParam(url: string): { zip: string; rest: string } | null {
  const [pathname = '/', query = ''] = url.split('?', 2);
  const params = new URLSearchParams(query);
  const zip = params.get('zip');
  if (zip === null) return null;
  params.delete('zip');
  const rest = params.toString();
  return { zip: zip.trim().slice(0, 5), rest: rest ? `${pathname}?${rest}` : pathname };
}
