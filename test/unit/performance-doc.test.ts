import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDocument, DOCUMENT, readResult, refreshDocument } from '../../scripts/performance-doc.mjs';

// docs/performance.md quotes the bench's results files (bench/results/*.md) in blocks that
// scripts/performance-doc.mjs rewrites from them: a block that differs from its file, or names none, is a figure
// the document no longer takes from its one source.
const repo = path.resolve(import.meta.dirname, '../..');
const doc = readFileSync(path.join(repo, DOCUMENT), 'utf8');

/** The document with the first figure of the first table inside a results block changed. */
function withOneFigureChanged(text: string): { changed: string; file: string } {
  const opening = /^<!-- results: (.*) -->$/m.exec(text);
  if (!opening) throw new Error('no results block in the document');
  const start = opening.index;
  const row = /^\|[^\n]*?\| (\d[\d,]*) \|/m.exec(text.slice(start));
  const figure = row?.[1];
  if (!row || !figure) throw new Error('no table row with a figure in a results block');
  const at = start + row.index + row[0].length - figure.length - 2;
  const changed = `${text.slice(0, at)}${figure === '1' ? '2' : '1'}${text.slice(at + figure.length)}`;
  return { changed, file: opening[1] as string };
}

describe('docs/performance.md and bench/results', () => {
  it('quotes blocks, each of them the whole of a results file that exists', () => {
    expect(doc).toMatch(/^<!-- results: bench\/results\/.+\.md -->$/m);
    expect(checkDocument(doc)).toEqual([]);
  });

  it('catches a block whose figure differs from its file, and the script restores it', () => {
    const { changed, file } = withOneFigureChanged(doc);
    expect(changed).not.toBe(doc);
    expect(checkDocument(changed)).toEqual([
      `${DOCUMENT}: the block of ${file} differs from the file (node scripts/performance-doc.mjs)`,
    ]);
    expect(refreshDocument(changed)).toBe(doc);
  });

  it('catches a block that names a file that does not exist, or is not closed', () => {
    const missing = `${doc}\n<!-- results: bench/results/no-such-area.md -->\n\nfigures\n\n<!-- /results -->\n`;
    expect(checkDocument(missing)).toEqual([
      `${DOCUMENT} quotes bench/results/no-such-area.md, which does not exist`,
    ]);
    expect(checkDocument(`${doc}\n<!-- results: bench/results/accounts-pglite.md -->\n`)).toEqual([
      `${DOCUMENT}: 1 results block(s) without <!-- /results -->`,
    ]);
  });

  it('rewrites a block from its file, and leaves a marker quoted inside a sentence alone', () => {
    const files: Record<string, string> = { 'bench/results/a.md': '| x |\n|---|\n| 2 |\n' };
    const read = (file: string) => files[file] ?? null;
    const stale = [
      'Blocks look like `<!-- results: bench/results/….md -->`.',
      '',
      '<!-- results: bench/results/a.md -->',
      '',
      '| x |\n|---|\n| 1 |',
      '',
      '<!-- /results -->',
      '',
    ].join('\n');
    expect(checkDocument(stale, read)).toHaveLength(1);
    const fresh = refreshDocument(stale, read);
    expect(fresh).toBe(stale.replace('| 1 |', '| 2 |'));
    expect(checkDocument(fresh, read)).toEqual([]);
    expect(readResult('bench/results/no-such-area.md')).toBeNull();
  });
});
