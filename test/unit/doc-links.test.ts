import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every link between the documents, and every `docs/….md#heading` a code comment cites, leads somewhere: a file that
// exists and, with a #fragment, a heading of it (GitHub's anchors). Moving a section breaks the citations of it here,
// not for a reader later.
const root = path.resolve(import.meta.dirname, '../..');
const SKIP = new Set([
  'node_modules',
  'dist',
  'data',
  '.git',
  'test-results',
  'playwright-report',
  'lighthouse',
]);
/** The template's links are placeholders (`NNNN-slug.md`). */
const TEMPLATE = path.join(root, 'docs/decisions/0000-template.md');

function walk(dir: string, keep: (file: string) => boolean, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file, keep, into);
    else if (keep(file)) into.push(file);
  }
  return into;
}

/**
 * The text outside fenced code blocks and outside the bench's results quoted in docs/performance.md, whose links are
 * relative to bench/results/, where they are checked.
 */
const prose = (text: string) =>
  text.replace(/^```[^\n]*\n[\s\S]*?^```/gm, '').replace(/^<!-- results: [\s\S]*?^<!-- \/results -->/gm, '');

/** GitHub's anchor for a heading: lowercase, punctuation dropped, spaces as dashes, repeats numbered. */
function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of prose(readFileSync(file, 'utf8')).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = (heading as string)
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replaceAll(' ', '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();
function broken(from: string, target: string): string | undefined {
  const [pathPart = '', fragment] = target.split('#');
  const file = pathPart === '' ? from : path.resolve(path.dirname(from), decodeURI(pathPart));
  if (!existsSync(file)) return `${target}: no such file`;
  if (fragment === undefined || !file.endsWith('.md')) return undefined;
  const anchors = anchorCache.get(file) ?? anchorsOf(file);
  anchorCache.set(file, anchors);
  return anchors.has(fragment)
    ? undefined
    : `${target}: no heading #${fragment} in ${path.relative(root, file)}`;
}

describe('links between the documents', () => {
  it('lead to files that exist and headings they have', () => {
    const problems: string[] = [];
    for (const file of walk(root, (f) => f.endsWith('.md') && f !== TEMPLATE)) {
      for (const [, target] of prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target as string)) continue;
        const problem = broken(file, target as string);
        if (problem) problems.push(`${path.relative(root, file)}: ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('cited from code as docs/….md#heading lead to a heading of that document', () => {
    const problems: string[] = [];
    const code = walk(root, (f) => /\.(ts|tsx|mjs|js|sql)$/.test(f) && !f.includes('/migrations/meta/'));
    for (const file of code) {
      for (const [, target] of readFileSync(file, 'utf8').matchAll(/\bdocs\/([\w./-]+\.md#[\w-]+)/g)) {
        const problem = broken(path.join(root, 'docs', 'x.md'), target as string);
        if (problem) problems.push(`${path.relative(root, file)}: docs/${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('finds a heading that is not there', () => {
    const doc = path.join(root, 'docs/architecture.md');
    expect(broken(doc, '#lock-order')).toBeUndefined();
    expect(broken(doc, 'database.md#what-keeps-blocked_to-right')).toBeUndefined();
    expect(broken(doc, '#what-keeps-blocked_to-right')).toMatch(/no heading/);
    expect(broken(doc, 'nowhere.md')).toMatch(/no such file/);
  });
});
