import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache } from '../../server/src/plugins/page-cache';

/** `n` bytes of HTML that compress about as badly as text does not: the bound is counted compressed. */
function html(n: number, seed = 1): Buffer {
  let x = seed;
  let out = '';
  for (let i = 0; i < n; i++) {
    x = (Math.imul(x, 1_103_515_245) + 12_345) >>> 0;
    out += String.fromCharCode(97 + ((x >>> 16) % 26));
  }
  return Buffer.from(out);
}

function listeningCache(maxBytes: number, today = () => '2026-11-26') {
  const cache = new PageCache(maxBytes, today);
  cache.setListening(true);
  return cache;
}

describe('PageCache', () => {
  it('keeps nothing and serves nothing until it listens', async () => {
    const cache = new PageCache(1_000_000, () => '2026-11-26');
    const { ticket } = cache.begin('a');
    expect(ticket).toBeNull();
    expect(await cache.put('a', ticket, 200, html(10))).toBeNull();
    cache.setListening(true);
    const later = cache.begin('a');
    expect(await cache.put('a', later.ticket, 200, html(10))).not.toBeNull();
    const page = cache.get('a');
    if (!page) throw new Error('a was not kept');
    expect(await cache.body('a', page, undefined)).toEqual(html(10));
    cache.setListening(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.count).toBe(0);
  });

  it('keeps a page brotli-compressed, and gives it in each encoding', async () => {
    const cache = listeningCache(1_000_000);
    const page = await cache.put('a', cache.begin('a').ticket, 200, html(5_000));
    if (!page) throw new Error('a was not kept');
    expect(zlib.brotliDecompressSync(await cache.body('a', page, 'br'))).toEqual(html(5_000));
    const gzipped = await cache.body('a', page, 'gzip');
    expect(zlib.gunzipSync(gzipped)).toEqual(html(5_000));
    expect(await cache.body('a', page, 'gzip')).toBe(gzipped);
    expect(await cache.body('a', page, undefined)).toEqual(html(5_000));
    expect(cache.size).toBe(page.br.length + gzipped.length + 2 + 400);
  });

  it('refuses a render that began before a change, even one heard while it was compressed', async () => {
    const cache = listeningCache(1_000_000);
    const before = cache.begin('a');
    cache.invalidate();
    expect(await cache.put('a', before.ticket, 200, html(10))).toBeNull();
    expect(cache.get('a')).toBeUndefined();
    const during = cache.begin('a');
    const putting = cache.put('a', during.ticket, 200, html(10));
    cache.invalidate();
    expect(await putting).toBeNull();
    const after = cache.begin('a');
    expect(await cache.put('a', after.ticket, 200, html(10))).not.toBeNull();
    expect(cache.get('a')).toBeDefined();
  });

  it('serves a page only on the day it was rendered', async () => {
    let day = '2026-11-26';
    const cache = listeningCache(1_000_000, () => day);
    await cache.put('a', cache.begin('a').ticket, 200, html(10));
    expect(cache.get('a')).toBeDefined();
    day = '2026-11-27';
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('renders again, once the API no longer answers from before it, a page rendered soon after a change', async () => {
    let now = 1_000_000;
    const cache = new PageCache(1_000_000, () => '2026-11-26', { lagMs: 60_000, now: () => now });
    cache.setListening(true);
    // The first listening (at start) is no change: nothing the API keeps is older.
    await cache.put('a', cache.begin('a').ticket, 200, html(10));
    now += 3_600_000;
    expect(cache.get('a')).toBeDefined();
    // Within the lag of a change: kept until the lag has passed.
    cache.invalidate();
    now += 10_000;
    await cache.put('a', cache.begin('a').ticket, 200, html(10));
    now += 49_999;
    expect(cache.get('a')).toBeDefined();
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    // Past it: kept until the next change.
    await cache.put('a', cache.begin('a').ticket, 200, html(10));
    now += 3_600_000;
    expect(cache.get('a')).toBeDefined();
    cache.invalidate();
    expect(cache.get('a')).toBeUndefined();
    // The listening lost and back: changes may have gone unheard, so the lag applies again.
    cache.setListening(false);
    cache.setListening(true);
    await cache.put('a', cache.begin('a').ticket, 200, html(10));
    now += 60_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently used pages to stay within its bound, gzipped forms counted', async () => {
    const cache = listeningCache(40_000);
    for (const [i, key] of ['a', 'b', 'c', 'd'].entries())
      await cache.put(key, cache.begin(key).ticket, 200, html(6_000, i));
    expect(cache.count).toBe(4);
    // a used again: b is now the least recently used.
    const a = cache.get('a');
    if (!a) throw new Error('a was not kept');
    const before = cache.size;
    const gzipped = await cache.body('a', a, 'gzip');
    expect(cache.size).toBe(before + gzipped.length);
    for (const [i, key] of ['e', 'f', 'g', 'h', 'i', 'j'].entries())
      await cache.put(key, cache.begin(key).ticket, 200, html(6_000, 10 + i));
    expect(cache.size).toBeLessThanOrEqual(40_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('j')).toBeDefined();
    expect(cache.stats.evicted).toBeGreaterThan(0);
    // A page above an eighth of the bound is not kept.
    expect(await cache.put('big', cache.begin('big').ticket, 200, html(20_000))).toBeNull();
  });

  it('lets requests for a page being rendered wait for it, in the same generation only', async () => {
    const cache = listeningCache(1_000_000);
    const render = cache.begin('a');
    const waiting = cache.pending('a');
    expect(waiting).toBeDefined();
    const kept = await cache.put('a', render.ticket, 200, html(10));
    render.finish(kept);
    expect(await waiting).toBe(kept);
    expect(cache.pending('a')).toBeUndefined();
    const next = cache.begin('b');
    cache.invalidate();
    expect(cache.pending('b')).toBeUndefined();
    next.finish(null);
  });
});
