#!/usr/bin/env node
// docs/performance.md quotes the bench's results files (bench/results/*.md, written by `npm run bench`), each in a
// block of its own:
//
//   <!-- results: bench/results/accounts-pglite.md -->
//   (a blank line, the file's content, a blank line)
//   <!-- /results -->
//
// `node scripts/performance-doc.mjs` rewrites every block from its file (`npm run bench` does it at the end of a
// run) and names the results files no block quotes; `--check` changes nothing and exits 1 when a block differs
// from its file or names a file that does not exist (test/unit/performance-doc.test.ts checks the same).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
export const DOCUMENT = 'docs/performance.md';
const RESULTS = 'bench/results';
// A marker stands alone on its line (one quoted inside a sentence, as in the document's own prose, is no block).
const BLOCK = /^<!-- results: (.*?) -->$([\s\S]*?)^<!-- \/results -->$/gm;

/** A results file's content (path relative to the repository), or null when there is none. */
export function readResult(file) {
  const full = path.join(root, file);
  return existsSync(full) ? readFileSync(full, 'utf8') : null;
}

/** What the block of a file holds: the file's content with a blank line on either side. */
const body = (content) => `\n\n${content}\n`;

/**
 * Every way the document's blocks disagree with the results files, one sentence each; none when each block holds
 * its file. `read` gives a file's content (null: no such file).
 */
export function checkDocument(doc, read = readResult) {
  const problems = [];
  const opened = doc.match(/^<!-- results: /gm)?.length ?? 0;
  const blocks = [...doc.matchAll(BLOCK)];
  if (opened !== blocks.length)
    problems.push(`${DOCUMENT}: ${opened - blocks.length} results block(s) without <!-- /results -->`);
  for (const [, file, inner] of blocks) {
    const content = read(file);
    if (content === null) problems.push(`${DOCUMENT} quotes ${file}, which does not exist`);
    else if (inner !== body(content))
      problems.push(
        `${DOCUMENT}: the block of ${file} differs from the file (node scripts/performance-doc.mjs)`,
      );
  }
  return problems;
}

/** The document with every block holding its file (a block whose file does not exist is left as it is). */
export function refreshDocument(doc, read = readResult) {
  return doc.replace(BLOCK, (block, file) => {
    const content = read(file);
    return content === null ? block : `<!-- results: ${file} -->${body(content)}<!-- /results -->`;
  });
}

/**
 * Rewrites docs/performance.md's blocks from their files. Returns how many blocks changed, the problems left
 * (blocks naming no file) and the results files that no block quotes.
 */
export function refreshPerformanceDoc() {
  const before = readFileSync(path.join(root, DOCUMENT), 'utf8');
  const after = refreshDocument(before);
  if (after !== before) writeFileSync(path.join(root, DOCUMENT), after);
  const quoted = new Set([...after.matchAll(BLOCK)].map((m) => m[1]));
  const oldBlocks = [...before.matchAll(BLOCK)];
  const newBlocks = [...after.matchAll(BLOCK)];
  return {
    rewritten: newBlocks.filter((m, i) => m[0] !== oldBlocks[i]?.[0]).length,
    problems: checkDocument(after),
    unquoted: existsSync(path.join(root, RESULTS))
      ? readdirSync(path.join(root, RESULTS))
          .filter((name) => name.endsWith('.md'))
          .map((name) => `${RESULTS}/${name}`)
          .filter((file) => !quoted.has(file))
      : [],
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const problems = checkDocument(readFileSync(path.join(root, DOCUMENT), 'utf8'));
    for (const problem of problems) console.error(problem);
    process.exit(problems.length > 0 ? 1 : 0);
  }
  const { rewritten, problems, unquoted } = refreshPerformanceDoc();
  console.log(`${DOCUMENT}: ${rewritten} results block(s) rewritten from their files`);
  if (unquoted.length > 0) console.log(`Not quoted in ${DOCUMENT}: ${unquoted.join(', ')}`);
  for (const problem of problems) console.error(problem);
  process.exit(problems.length > 0 ? 1 : 0);
}
