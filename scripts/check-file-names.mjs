// One file-name case per kind of file (docs/architecture.md#file-names), checked by `npm run lint`:
// - a .tsx file that exports a component (a PascalCase function, constant or class) is named in PascalCase:
//   `FilterPanel.tsx`, `Button.tsx`;
// - every other source file (.ts, .mjs, and .tsx without a component: entries, content, helpers) is kebab-case:
//   `url-state.ts`, `use-marketplace.ts`, `entry-server.tsx`, `import-rules.test.ts`.
// Prints `file  rule` for every misnamed file and exits 1.
//
// Usage: node scripts/check-file-names.mjs [root]   (root defaults to the repository; the test points it at fixtures)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIRS = ['domain', 'client/src', 'server/src', 'scripts', 'test', 'bench'];
const SKIP = new Set(['node_modules', 'dist', 'migrations']);
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;
const PASCAL = /^[A-Z][A-Za-z0-9]*$/;

function* files(dir) {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (SOURCE.test(name)) yield full;
  }
}

/** Whether a module exports a component: a PascalCase function, class or constant, or one in an export list. */
export function exportsComponent(text) {
  if (/^export\s+(?:default\s+)?(?:async\s+)?(?:function|class|const)\s+[A-Z][a-z]/m.test(text)) return true;
  for (const list of text.matchAll(/^export\s*\{([^}]*)\}/gm)) {
    const names = (list[1] ?? '').split(',').map(
      (n) =>
        n
          .trim()
          .split(/\s+as\s+/)
          .pop() ?? '',
    );
    if (names.some((n) => /^[A-Z][a-z]/.test(n))) return true;
  }
  return false;
}

/** The rule a file breaks, or null. */
export function nameProblem(file, text) {
  const base = path.basename(file);
  const ext = path.extname(base);
  const stem = base.slice(0, -ext.length);
  if (ext === '.tsx' && exportsComponent(text))
    return PASCAL.test(stem) ? null : 'a .tsx file that exports a component is named in PascalCase';
  return KEBAB.test(stem) ? null : 'a file without a component is named in kebab-case';
}

export function checkFileNames(root) {
  const problems = [];
  for (const dir of DIRS)
    for (const file of files(path.join(root, dir))) {
      const problem = nameProblem(file, readFileSync(file, 'utf8'));
      if (problem) problems.push(`${path.relative(root, file)}  ${problem}`);
    }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const problems = checkFileNames(root);
  for (const p of problems) console.error(p);
  if (problems.length > 0) {
    console.error(`${problems.length} file name(s) break docs/architecture.md#file-names.`);
    process.exit(1);
  }
  console.log('File names follow docs/architecture.md#file-names.');
}
