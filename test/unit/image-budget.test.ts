/**
 * The images' budget (docs/quality.md#performance-budgets): every listing illustration that ships in the repository
 * (what a listing without photos shows, on every card of a page) stays small.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ILLUSTRATIONS = path.resolve(import.meta.dirname, '../../client/public/images/products');
const ILLUSTRATION_BUDGET = 8 * 1024;

describe('the image budget', () => {
  it('keeps every listing illustration an SVG of at most 8 KiB', () => {
    const files = readdirSync(ILLUSTRATIONS);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(file, 'an SVG').toMatch(/\.svg$/);
      const bytes = readFileSync(path.join(ILLUSTRATIONS, file)).length;
      expect(bytes, file).toBeLessThanOrEqual(ILLUSTRATION_BUDGET);
    }
  });
});

describe('the illustration a listing without photos shows', () => {
  it('draws a rooted plant shipped bare-root without a pot, and every variety has that drawing', async () => {
    const { illustrationOf } = await import('@domain/catalog/illustrations');
    const { VARIETIES } = await import('@domain/constants');
    const files = new Set(readdirSync(ILLUSTRATIONS));
    for (const variety of VARIETIES) {
      const potted = illustrationOf({ variety, form: 'rooted', shipsAs: 'potted' });
      const bareRoot = illustrationOf({ variety, form: 'rooted', shipsAs: 'bare-root' });
      expect(potted).toMatch(/-rooted\.svg$/);
      expect(bareRoot).toMatch(/-bare-root\.svg$/);
      for (const url of [potted, bareRoot]) expect(files.has(path.basename(url)), url).toBe(true);
      const drawing = readFileSync(path.join(ILLUSTRATIONS, path.basename(bareRoot)), 'utf8');
      // The pot's two terracotta shapes are what the potted drawing has and the bare-root one must not.
      expect(drawing).not.toContain('#c8643b');
    }
  });
});
