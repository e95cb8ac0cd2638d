import { validateHeaderValue } from 'node:http';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../client/src/features/accounts/redirect';

describe('safeRedirect', () => {
  it('keeps a plain path of this site as it is', () => {
    for (const path of ['/orders', '/product/12', '/marketplace?search=a%20b&sort=price-low-high', '/a#b'])
      expect(safeRedirect(path)).toBe(path);
  });

  it('percent-encodes spaces and non-ASCII text, so the path can be a Location header', () => {
    expect(safeRedirect('/日本')).toBe('/%E6%97%A5%E6%9C%AC');
    expect(safeRedirect('/marketplace?search=pitaya rosa ñ 🐉')).toBe(
      '/marketplace?search=pitaya%20rosa%20%C3%B1%20%F0%9F%90%89',
    );
    for (const path of ['/日本', '/a b', '/é?x=ü', '/🐉'])
      expect(() => validateHeaderValue('location', safeRedirect(path))).not.toThrow();
  });

  it('refuses other sites, control characters and text that cannot be encoded', () => {
    for (const value of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/a\\b',
      '/a\r\nSet-Cookie: x=1',
      '/a\u0000',
      '/a\u007f',
      '/\ud800',
      'orders',
      '',
      null,
      undefined,
    ])
      expect(safeRedirect(value), JSON.stringify(value)).toBe('/');
  });
});
