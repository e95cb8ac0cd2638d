import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PostedForm } from '@domain/posted-form';
import type { PageHead } from '@domain/seo';
import { SHIP_ZIP_COOKIE, SHIP_ZIP_MAX_AGE_SECONDS } from '@domain/shipping/addresses';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeMarkup } from '../http/escape';
import { isApiRequest } from '../http/route-path';
import { notFound } from './errors';
import { type CachedPage, compress, type Encoding, type PageCache } from './page-cache';
import { registerPageForms } from './page-forms';
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
    posted?: PostedForm;
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
 * JSON 404. The whole path of a page request: docs/architecture.md#a-server-rendered-page. Visitors' pages are
 * kept in `cache` (decision 0025). Answers whether pages are rendered on the server (a renderer is built).
 */
export async function registerClient(
  app: FastifyInstance,
  clientDir: string,
  /** PUBLIC_ORIGIN: the origin of the pages' canonical URLs; else the address a request came to. */
  publicOrigin?: string,
  /** Visitors' pages kept until what they show changes (PAGE_CACHE_MB); none when undefined. */
  cache?: PageCache,
): Promise<boolean> {
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
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiRequest(request);
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
    if (!renderer) return reply.sendFile('index.html');
    const origin = publicOrigin ?? `${request.protocol}://${request.host}`;
    const zip = /^\d{5}$/.test(request.cookies[SHIP_ZIP_COOKIE] ?? '')
      ? (request.cookies[SHIP_ZIP_COOKIE] ?? null)
      : null;
    // Asked whenever either cookie is here: the answer (and the cookies it sets) puts them right.
    const mayHaveSession = Boolean(request.cookies[SESSION_COOKIE] || request.cookies[SIGNED_IN_COOKIE]);
    // A visitor's page depends on nothing else the request carries: the address (path and query), the ZIP code
    // (where the visitor is), and the origin of its canonical URLs (docs/decisions/0025-page-cache.md).
    const key = cache && !mayHaveSession ? JSON.stringify([origin, zip, request.url]) : undefined;
    if (cache && key) {
      const kept = cache.get(key) ?? (await cache.pending(key));
      if (kept) return sendKept(cache, key, kept, request, reply);
    }
    const render = cache && key ? cache.begin(key) : undefined;
    let kept: CachedPage | null = null;
    try {
      const rendered = await renderPage(app, renderer, request, reply, { origin, zip, mayHaveSession });
      const page = rendered?.page;
      if (!page) return reply.sendFile('index.html');
      if (page.redirectTo)
        return reply.header('cache-control', 'private, no-cache').redirect(locationOf(page.redirectTo));
      const html = Buffer.from(fillTemplate(template, page));
      // Never a page that sets a cookie, nor one whose data said it may not be kept.
      if (cache && key && render && rendered.storable && !reply.hasHeader('set-cookie'))
        kept = await cache.put(key, render.ticket, page.status, html);
      if (cache && key && kept) return sendKept(cache, key, kept, request, reply);
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      // A signed-in visitor's page carries their data (the header's name, the query cache): kept by no cache at all.
      pageHeaders(reply, page.status, Boolean(request.cookies[SESSION_COOKIE]));
      if (!encoding) return reply.send(html);
      return reply.header('content-encoding', encoding).send(await compress[encoding](html));
    } finally {
      // Requests that waited for this render get the page it kept, or render it themselves.
      render?.finish(kept);
    }
  });
  // The pages' plain form posts (sign-in, sign-up, Add to Cart) sent before adoption or without JavaScript: a form
  // refused is the page again, rendered with its messages; never kept by any cache.
  await registerPageForms(app, async (request, reply, { url, status, posted }) => {
    const back = () => reply.header('cache-control', PRIVATE_NO_STORE).redirect(locationOf(url), 303);
    if (!renderer) return back();
    const origin = publicOrigin ?? `${request.protocol}://${request.host}`;
    const mayHaveSession = Boolean(request.cookies[SESSION_COOKIE] || request.cookies[SIGNED_IN_COOKIE]);
    const zip = /^\d{5}$/.test(request.cookies[SHIP_ZIP_COOKIE] ?? '')
      ? (request.cookies[SHIP_ZIP_COOKIE] ?? null)
      : null;
    const rendered = await renderPage(app, renderer, request, reply, {
      origin,
      zip,
      mayHaveSession,
      url,
      posted,
    });
    const page = rendered?.page;
    if (!page || page.redirectTo) return back();
    const html = Buffer.from(fillTemplate(template, page));
    pageHeaders(reply, status, true);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await compress[encoding](html));
  });
  return renderer !== undefined;
}

/**
 * A visitor's page from the cache, with the headers a rendered one gets, and a validator: a browser that has the
 * same page (If-None-Match) gets 304 and no body.
 */
async function sendKept(
  cache: PageCache,
  key: string,
  page: CachedPage,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  pageHeaders(reply, page.status, false);
  if (page.status === 200) {
    const etag = `W/${page.etag}`;
    reply.header('etag', etag);
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  }
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const body = await cache.body(key, page, encoding);
  return encoding ? reply.header('content-encoding', encoding).send(body) : reply.send(body);
}

/** A page's status and headers, rendered or kept: browsers revalidate it; a signed-in user's is never stored. */
function pageHeaders(reply: FastifyReply, status: number, signedIn: boolean): void {
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', signedIn ? PRIVATE_NO_STORE : 'private, no-cache')
    .header('vary', 'accept-encoding');
}

/** Whether If-None-Match names this validator, compared weakly (as RFC 9110 has it for GET and HEAD). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
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
 * page's own answer, as they would have been on the browser's own API calls. `storable` is false when an answer
 * the page was rendered from said it may not be kept (Cache-Control private or no-store: it depends on who asks,
 * or asking counted something).
 */
async function renderPage(
  app: FastifyInstance,
  renderer: PageRenderer,
  request: FastifyRequest,
  reply: FastifyReply,
  {
    origin,
    zip,
    mayHaveSession,
    url = request.url,
    posted,
  }: { origin: string; zip: string | null; mayHaveSession: boolean; url?: string; posted?: PostedForm },
) {
  const cookie = request.headers.cookie;
  const setCookies = new Map<string, string>();
  let storable = true;
  try {
    const page = await renderer.render({
      url,
      origin,
      posted,
      mayHaveSession,
      zip,
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
        if (/\b(private|no-store)\b/.test(String(res.headers['cache-control'] ?? ''))) storable = false;
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers))
          for (const v of [value ?? []].flat()) {
            if (name === 'set-cookie') setCookies.set(String(v).split('=', 1)[0] ?? '', String(v));
            else headers.append(name, String(v));
          }
        return new Response(res.statusCode === 204 ? null : res.body, { status: res.statusCode, headers });
      },
    });
    return { page, storable };
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
