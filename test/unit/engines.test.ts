import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * `npm ci` warns (EBADENGINE) when an installed package wants a newer Node.js than the one running it. Every
 * Node.js version that package.json's `engines` admits must satisfy every locked package's own `engines.node`,
 * so no supported Node.js gets that warning (CI must not print one).
 */
describe('engines', () => {
  const root = new URL('../../', import.meta.url);
  const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
    engines: { node: string };
  };
  const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
    packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
  };

  /**
   * Optional platform builds that npm installs only on a platform this project does not run on, whose own range is
   * narrower: sharp's 32-bit Windows build asks for Node.js ^20.9.0 only, and npm installs it on 32-bit Windows
   * alone, where this project is not run (CI and the servers are 64-bit Linux).
   */
  const OTHER_PLATFORMS = new Set(['@img/sharp-win32-ia32']);

  it('every locked package runs on every Node.js that package.json admits', () => {
    const supported = pkg.engines.node;
    const conflicts = Object.entries(lock.packages)
      .filter(([name]) => name !== '' && !OTHER_PLATFORMS.has(name.replace(/^.*node_modules\//, '')))
      .flatMap(([name, entry]) => {
        const wanted = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
        if (!wanted || semver.subset(supported, wanted, { includePrerelease: false })) return [];
        return [`${name.replace(/^.*node_modules\//, '')}@${entry.version} wants node ${wanted}`];
      });
    expect(conflicts).toEqual([]);
  });
});
