// One file-name case per kind of file (docs/architecture.md#file-names), checked by `npm run lint`:
// - a .tsx file that exports a component (a PascalCase function, constant or class) is named in PascalCase:
//   `FilterPanel.tsx`, `Button.tsx`;
// - every other source file (.ts, .mjs, and .tsx without a component: entries, content, helpers) is kebab-case:
//   `url-state.ts`, `use-marketplace.ts`, `entry-server.tsx`, `import-rules.test.ts`;
// - a file that exports a service class is named after it (`CartService` in `cart-service.ts`), holds one, and no
//   other file's name ends in `-service`;
// - a feature's page (`…Page.tsx`) sits at the root of its feature (`client/src/features/<area>/`), never in a subfolder.
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

const kebab = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** The rule a file breaks, or null. `file` is relative to the repository, with forward slashes. */
export function nameProblem(file, text) {
  const base = path.posix.basename(file);
  const ext = path.posix.extname(base);
  const stem = base.slice(0, -ext.length);
  if (ext === '.tsx' && exportsComponent(text)) {
    if (!PASCAL.test(stem)) return 'a .tsx file that exports a component is named in PascalCase';
    const inFeature = file.startsWith('client/src/features/');
    if (
      stem.endsWith('Page') &&
      inFeature &&
      !/^client\/src\/features\/[a-z]+\/[A-Za-z0-9]+\.tsx$/.test(file)
    )
      return 'a page sits at the root of its feature, client/src/features/<area>/';
    return null;
  }
  if (!KEBAB.test(stem)) return 'a file without a component is named in kebab-case';
  const services = [...text.matchAll(/^export\s+class\s+([A-Za-z0-9]+Service)\b/gm)].map((m) => m[1]);
  if (services.length > 1) return 'a file that exports a service class holds one';
  if (services.length === 1 && stem !== kebab(services[0]))
    return `a file that exports a service class is named after it: ${kebab(services[0])}${ext}`;
  if (services.length === 0 && stem.endsWith('-service'))
    return 'a file named …-service exports its service class';
  return null;
}

export function checkFileNames(root) {
  const problems = [];
  for (const dir of DIRS)
    for (const file of files(path.join(root, dir))) {
      const problem = nameProblem(
        path.relative(root, file).split(path.sep).join('/'),
        readFileSync(file, 'utf8'),
      );
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
