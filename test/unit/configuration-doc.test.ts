import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONFIGURATION_FILE, configurationText } from '../../scripts/config-docs';
import { envSchema, loadConfig } from '../../server/src/config';

// The configuration reference (docs/configuration.md, decision 0036) is written from envSchema by
// `npm run config-docs`: the committed copy is what the schema says today, and a setting cannot be added without
// a meaning and a place in it.
describe('the configuration reference', () => {
  it('is what envSchema says today', () => {
    expect(
      readFileSync(CONFIGURATION_FILE, 'utf8'),
      'docs/configuration.md is stale: run `npm run config-docs` and commit it',
    ).toBe(configurationText());
  });

  it('names every setting once, with its default as loadConfig applies it', () => {
    const doc = readFileSync(CONFIGURATION_FILE, 'utf8');
    for (const name of Object.keys(envSchema.shape)) {
      const rows = doc.split('\n').filter((line) => line.startsWith(`| \`${name}\` |`));
      expect(rows, name).toHaveLength(1);
    }
    // Defaults are read from the schema itself: the document's port and page cache are the ones the app takes.
    expect(doc).toContain('| `PORT` | `5000` | a whole number from 0 to 65535 |');
    expect(loadConfig({}).port).toBe(5000);
    expect(doc).toContain('| `PAGE_CACHE_MB` | `64` | a whole number from 0 to 65536 |');
    expect(loadConfig({}).pageCacheBytes).toBe(64 * 1024 * 1024);
  });

  it('refuses a setting with no meaning or no group, and a check it cannot read', () => {
    const undescribed = envSchema.extend({ NEW_SETTING: z.string().optional() });
    expect(() => configurationText(undescribed)).toThrow(
      /NEW_SETTING is in no group of scripts\/config-docs\.ts\n {2}NEW_SETTING has no meaning/,
    );
    // A setting whose values only a custom transform knows must say them in words.
    const unreadable = envSchema.extend({
      PORT: z
        .custom<string>()
        .transform((v) => Number(v))
        .describe('The port.'),
    });
    expect(() => configurationText(unreadable)).toThrow(/PORT: its values cannot be read from its schema/);
  });
});
