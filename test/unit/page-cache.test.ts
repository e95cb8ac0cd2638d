import { describe, expect, it } from 'vitest';
import { PageCache } from '../../server/src/plugins/page-cache';

const html = (n: number, fill = 'x') => Buffer.from(fill.repeat(n));

function listeningCache(maxBytes: number, today = () => '2026-11-26') {
  const cache = new PageCache(maxBytes, today);
  cache.setListening(true);
  return cache;
}

describe('PageCache', () => {
  it('keeps nothing and serves nothing until it listens', () => {
    const cache = new PageCache(1_000_000, () => '2026-11-26');
    const { ticket } = cache.begin('a');
    expect(ticket).toBeNull();
    expect(cache.put('a', ticket, 200, html(10))).toBeNull();
    cache.setListening(true);
    const later = cache.begin('a');
    expect(cache.put('a', later.ticket, 200, html(10))).not.toBeNull();
    expect(cache.get('a')?.html.toString()).toBe('x'.repeat(10));
    cache.setListening(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.count).toBe(0);
  });

  it('refuses a render that began before a change', () => {
    const cache = listeningCache(1_000_000);
    const before = cache.begin('a');
    cache.invalidate();
    expect(cache.put('a', before.ticket, 200, html(10))).toBeNull();
    expect(cache.get('a')).toBeUndefined();
    const after = cache.begin('a');
    expect(cache.put('a', after.ticket, 200, html(10))).not.toBeNull();
    expect(cache.get('a')).toBeDefined();
  });

  it('serves a page only on the day it was rendered', () => {
    let day = '2026-11-26';
    const cache = listeningCache(1_000_000, () => day);
    cache.put('a', cache.begin('a').ticket, 200, html(10));
    expect(cache.get('a')).toBeDefined();
    day = '2026-11-27';
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('renders again, once the API no longer answers from before it, a page rendered soon after a change', () => {
    let now = 1_000_000;
    const cache = new PageCache(1_000_000, () => '2026-11-26', { lagMs: 60_000, now: () => now });
    cache.setListening(true);
    // Within the lag of the change (here, the listening's start): kept until the lag has passed.
    now += 10_000;
    cache.put('a', cache.begin('a').ticket, 200, html(10));
    now += 49_999;
    expect(cache.get('a')).toBeDefined();
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    // Past it: kept until the next change.
    cache.put('a', cache.begin('a').ticket, 200, html(10));
    now += 3_600_000;
    expect(cache.get('a')).toBeDefined();
    cache.invalidate();
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently used pages to stay within its bound, compressed forms counted', async () => {
    const cache = listeningCache(100_000);
    for (const key of ['a', 'b', 'c', 'd']) cache.put(key, cache.begin(key).ticket, 200, html(10_000));
    expect(cache.count).toBe(4);
    // a used again: b is now the least recently used.
    const a = cache.get('a');
    if (!a) throw new Error('a was not kept');
    const br = await cache.encoded('a', a, 'br');
    expect(await cache.encoded('a', a, 'br')).toBe(br);
    expect(cache.size).toBe(4 * (a.bytes - br.length) + br.length);
    for (const key of ['e', 'f', 'g', 'h', 'i', 'j'])
      cache.put(key, cache.begin(key).ticket, 200, html(10_000));
    expect(cache.size).toBeLessThanOrEqual(100_000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('j')).toBeDefined();
    expect(cache.stats.evicted).toBeGreaterThan(0);
  });

  it('lets requests for a page being rendered wait for it, in the same generation only', async () => {
    const cache = listeningCache(1_000_000);
    const render = cache.begin('a');
    const waiting = cache.pending('a');
    expect(waiting).toBeDefined();
    const kept = cache.put('a', render.ticket, 200, html(10));
    render.finish(kept);
    expect(await waiting).toBe(kept);
    expect(cache.pending('a')).toBeUndefined();
    const next = cache.begin('b');
    cache.invalidate();
    expect(cache.pending('b')).toBeUndefined();
    next.finish(null);
  });
});
