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
