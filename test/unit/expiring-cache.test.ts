import { describe, expect, it } from 'vitest';
import { ExpiringCache } from '../../server/src/modules/catalog/expiring-cache';

describe('ExpiringCache', () => {
  it('keeps a value for its time to live, and drops the least recently used past its capacity', () => {
    let now = 0;
    const cache = new ExpiringCache<string>(1000, 2, () => now);
    cache.set('a', 'A');
    cache.set('b', 'B');
    now = 999;
    expect(cache.get('a')).toBe('A');
    // "b" is now the least recently used: a third key drops it.
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe('C');
    // Storing again starts the time anew.
    cache.set('c', 'C2');
    now = 1999;
    expect(cache.get('c')).toBe('C2');
  });
});
