import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

// A rendered page is compressed as it is sent: at brotli's quality 5 a 90 KB page takes about a millisecond and
// shrinks several times over, which matters far more on a phone's connection.
const brotli = promisify(zlib.brotliCompress);
const unbrotli = promisify(zlib.brotliDecompress);
const gzip = promisify(zlib.gzip);
export const compress = {
  br: (data: Buffer) => brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (data: Buffer) => gzip(data, { level: 6 }),
};
export type Encoding = keyof typeof compress;

/** The notification a committed change to what visitors' pages show sends (migration 0027_page_cache_notify.sql). */
export const CATALOG_CHANGED = 'catalog_changed';

/** What a page kept costs beyond its bytes and its key's: the entry, its map slot, the buffers' headers. */
const ENTRY_OVERHEAD = 400;

/**
 * A visitor's page as it was sent: its status and its HTML, kept brotli'd (a page's HTML is eight times the size:
 * the bound holds that many more pages), its gzipped form made once a browser asks for it.
 */
export interface CachedPage {
  readonly status: number;
  readonly br: Buffer;
  gzip?: Promise<Buffer>;
  /** A strong validator of the HTML (a weak one on the wire: the compressed forms are the same page). */
  readonly etag: string;
  /** The day (shipping's today) it was rendered on: a page is never served on another day. */
  readonly day: string;
  /** When it must be rendered again (ms since the epoch), or Infinity: see PageCacheOptions.lagMs. */
  readonly expires: number;
  bytes: number;
}

/**
 * When a render began: the generation and day it may be stored under, and until when it may be served. Null: the
 * cache is not serving.
 */
export type Ticket = { generation: number; day: string; expires: number } | null;

export interface PageCacheOptions {
  /**
   * How long after a change the API may still answer from what it kept from before it (the catalog keeps a broad
   * list's capped total and relevance order, and a broad search's facets, for CAPPED_LIST_TTL_MS). A page rendered
   * within that time of the last change heard is served only until that time has passed, then rendered again.
   */
  lagMs?: number;
  /** The clock (tests move it). */
  now?: () => number;
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  stored: number;
  /** Pages dropped to stay within the bound. */
  evicted: number;
  /** Notifications of a change (and losses or returns of the listening connection). */
  invalidations: number;
  /** Renders a request waited for instead of rendering the same page itself. */
  joined: number;
}

/**
 * The pages rendered for visitors (no session cookie, no signed_in hint), kept until anything they may show changes
 * (docs/decisions/0025-page-cache.md). Bounded by bytes (each page's brotli and gzip forms and key), the least
 * recently used dropped first. One generation for the whole catalog: any change notified (NOTIFY catalog_changed,
 * from any instance) empties it, and a render is stored only under the generation it began in, so a render that
 * overlapped a change is sent but not kept. While the notifications cannot be heard (the listening connection is
 * lost) the cache neither serves nor keeps anything. A page rendered soon after a change, while the API may still
 * answer from what it kept from before it, is rendered again once that has passed (PageCacheOptions.lagMs).
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  /** Renders under way, by key, and the ticket they began with: a request for the same page waits for it. */
  private readonly rendering = new Map<
    string,
    { ticket: NonNullable<Ticket>; page: Promise<CachedPage | null> }
  >();
  private generation = 0;
  /**
   * When the last change was heard (or the listening was lost or came back). Before the first listening nothing
   * the API keeps can be older than the cache: no lag.
   */
  private changedAt = Number.NEGATIVE_INFINITY;
  private listening = false;
  private listenedBefore = false;
  private bytes = 0;
  readonly stats: PageCacheStats = { hits: 0, misses: 0, stored: 0, evicted: 0, invalidations: 0, joined: 0 };

  constructor(
    /** The bound, in bytes. */
    readonly maxBytes: number,
    /** Shipping's today: what a page shows may change with the day alone (a certificate expires, the footer's year). */
    private readonly today: () => string,
    private readonly options: PageCacheOptions = {},
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The bytes kept now. */
  get size(): number {
    return this.bytes;
  }

  /** The number of pages kept now. */
  get count(): number {
    return this.pages.size;
  }

  /** Something a page may show changed and committed: every page kept, and every render under way, is obsolete. */
  invalidate(): void {
    this.generation++;
    this.changedAt = this.now();
    this.stats.invalidations++;
    this.pages.clear();
    this.rendering.clear();
    this.bytes = 0;
  }

  /**
   * Whether the notifications can be heard. Either way the pages kept are dropped: when it is lost, changes may go
   * unheard from now on; when it is back, some may have gone unheard meanwhile.
   */
  setListening(on: boolean): void {
    const changedAt = this.changedAt;
    this.invalidate();
    // The first listening, at start: the API has kept nothing from before it yet.
    if (on && !this.listenedBefore) this.changedAt = changedAt;
    this.listenedBefore ||= on;
    this.listening = on;
  }

  /** The page kept under `key`, if any (and it is still of today); counted as a hit or a miss. */
  get(key: string): CachedPage | undefined {
    if (!this.listening) return undefined;
    const page = this.pages.get(key);
    if (!page || page.day !== this.today() || page.expires <= this.now()) {
      if (page) this.drop(key, page);
      this.stats.misses++;
      return undefined;
    }
    // Most recently used last: the map's order is the eviction order.
    this.pages.delete(key);
    this.pages.set(key, page);
    this.stats.hits++;
    return page;
  }

  /**
   * A render of `key` is about to begin: its ticket (null when nothing may be kept), and `finish`, to be called
   * once with the page it kept or null; until then, requests for the same page wait for it (see pending).
   */
  begin(key: string): { ticket: Ticket; finish(page: CachedPage | null): void } {
    const settled = this.changedAt + (this.options.lagMs ?? 0);
    const ticket: Ticket = this.listening
      ? {
          generation: this.generation,
          day: this.today(),
          expires: this.now() < settled ? settled : Number.POSITIVE_INFINITY,
        }
      : null;
    if (!ticket) return { ticket, finish: () => {} };
    let settle: (page: CachedPage | null) => void = () => {};
    const page = new Promise<CachedPage | null>((resolve) => {
      settle = resolve;
    });
    const under = { ticket, page };
    this.rendering.set(key, under);
    return {
      ticket,
      finish: (kept) => {
        if (this.rendering.get(key) === under) this.rendering.delete(key);
        settle(kept);
      },
    };
  }

  /**
   * A render of `key` under way since the last change, to wait for instead of rendering the same page again: it
   * settles with the page once kept, or null when it was not (the waiter then renders the page itself).
   */
  pending(key: string): Promise<CachedPage | null> | undefined {
    const under = this.rendering.get(key);
    if (!under || under.ticket.generation !== this.generation) return undefined;
    this.stats.joined++;
    return under.page;
  }

  /**
   * Keeps a page rendered under `ticket`, brotli'd, unless a change was heard since it began (or the notifications
   * were lost), or it alone would take more than an eighth of the bound. Returns the page as kept, or null.
   */
  async put(key: string, ticket: Ticket, status: number, html: Buffer): Promise<CachedPage | null> {
    if (!this.current(ticket)) return null;
    const br = await compress.br(html);
    // A change may have been heard while it was compressed.
    if (!ticket || !this.current(ticket)) return null;
    const bytes = br.length + key.length * 2 + ENTRY_OVERHEAD;
    if (bytes * 8 > this.maxBytes) return null;
    const old = this.pages.get(key);
    if (old) this.drop(key, old);
    const page: CachedPage = {
      status,
      br,
      etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      day: ticket.day,
      expires: ticket.expires,
      bytes,
    };
    this.pages.set(key, page);
    this.bytes += bytes;
    this.stats.stored++;
    this.evict();
    return page;
  }

  /**
   * The page's body in `encoding` (none: the HTML itself, unpacked for the request). Its gzipped form is made on the
   * first request that asks for it, and kept with it.
   */
  body(key: string, page: CachedPage, encoding: Encoding | undefined): Promise<Buffer> {
    if (encoding === 'br') return Promise.resolve(page.br);
    if (encoding === undefined) return unbrotli(page.br);
    if (page.gzip) return page.gzip;
    const making = unbrotli(page.br).then(compress.gzip);
    page.gzip = making;
    making.then(
      (data) => {
        // Counted only while the page is still kept (not dropped or replaced meanwhile).
        if (this.pages.get(key) !== page) return;
        page.bytes += data.length;
        this.bytes += data.length;
        this.evict();
      },
      () => {
        page.gzip = undefined;
      },
    );
    return making;
  }

  private current(ticket: Ticket): boolean {
    return ticket !== null && this.listening && ticket.generation === this.generation;
  }

  private drop(key: string, page: CachedPage): void {
    this.pages.delete(key);
    this.bytes -= page.bytes;
  }

  /** Drops the least recently used pages until the rest fit the bound. */
  private evict(): void {
    for (const [key, page] of this.pages) {
      if (this.bytes <= this.maxBytes) return;
      this.drop(key, page);
      this.stats.evicted++;
    }
  }
}
