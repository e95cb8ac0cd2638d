// The import rules of docs/architecture.md#import-rules that Biome cannot express: which layer may import which,
// that a feature, module or domain area is imported through its public face, and that a client feature's files other
// than its pages do not import another feature (rule 6: pages compose). Run by `npm run lint` after Biome
// (whose noImportCycles rule keeps out cycles). Prints `file:line  rule` for every broken rule and exits 1.
//
// Usage: node scripts/check-imports.mjs [root]   (root defaults to the repository; the test points it at fixtures)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The features' second public files, for code kept out of the first-paint bundle (architecture.md, rule 3). */
export const SECOND_FACES = new Set(['client/src/features/cart/lazy.ts']);

/**
 * A feature's page: `client/src/features/<area>/<Name>Page.tsx`, at the root of its feature. Pages (and app/) compose
 * features; no other file of a feature imports another feature.
 */
export const isPageFile = (file) => /^client\/src\/features\/[^/]+\/[A-Z][A-Za-z0-9]*Page\.tsx$/.test(file);

/** The one file allowed to import a feature's page file directly, and only lazily (`import()`). */
const ROUTER = 'client/src/app/AppRoutes.tsx';

const SOURCE_DIRS = ['domain', 'client/src', 'server/src'];
const EXTENSIONS = ['.ts', '.tsx'];

/** Replaces comments with spaces (keeping line breaks), leaving strings alone, so specifiers in comments are ignored. */
function stripComments(text) {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') {
        out += ' ';
        i++;
      }
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Every import of a file: `import … from`, `export … from`, `import '…'` and `import('…')`, with its line. */
export function importsOf(text) {
  const code = stripComments(text);
  const found = [];
  const patterns = [
    [/(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*(['"])([^'"]+)\1/g, false],
    [/(?:^|[\s;])import\s*(['"])([^'"]+)\1/g, false],
    [/\bimport\s*\(\s*(['"])([^'"]+)\1\s*\)/g, true],
  ];
  for (const [pattern, dynamic] of patterns) {
    for (const match of code.matchAll(pattern)) {
      const at = match.index + match[0].lastIndexOf(match[1] + match[2]);
      found.push({ specifier: match[2], line: code.slice(0, at).split('\n').length, dynamic });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

function sourceFiles(root) {
  const files = [];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'migrations') walk(full);
      } else if (EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts')) {
        files.push(path.relative(root, full).split(path.sep).join('/'));
      }
    }
  };
  for (const dir of SOURCE_DIRS) walk(path.join(root, dir));
  return files.sort();
}

/** The repository-relative file an import names, or null for a package (`zod`, `node:fs`). */
function resolve(root, from, specifier) {
  let base;
  if (specifier.startsWith('@/')) base = `client/src/${specifier.slice(2)}`;
  else if (specifier.startsWith('@domain/')) base = `domain/${specifier.slice(8)}`;
  else if (specifier === '@domain') base = 'domain';
  else if (specifier.startsWith('.'))
    base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return null;
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => `${base}/index${ext}`),
  ];
  for (const candidate of candidates) {
    const full = path.join(root, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return base;
}

/** Where a file sits: its side, its layer and, in an area folder, its area. */
export function placeOf(file) {
  const parts = file.split('/');
  if (parts[0] === 'domain')
    return { side: 'domain', layer: 'domain', area: parts.length > 2 ? parts[1] : null, path: file };
  if (parts[0] === 'client' && parts[1] === 'src') {
    const top = parts[2] ?? '';
    if (top === 'features') return { side: 'client', layer: 'features', area: parts[3], path: file };
    if (['app', 'components', 'lib'].includes(top))
      return { side: 'client', layer: top, area: null, path: file };
    return { side: 'client', layer: 'entry', area: null, path: file };
  }
  if (parts[0] === 'server' && parts[1] === 'src') {
    const top = parts[2] ?? '';
    if (top === 'modules') return { side: 'server', layer: 'modules', area: parts[3], path: file };
    if (parts.length > 3) return { side: 'server', layer: top, area: null, path: file };
    return { side: 'server', layer: top.replace(/\.tsx?$/, ''), area: null, path: file };
  }
  return { side: 'other', layer: 'other', area: null, path: file };
}

const isFace = (target, prefix) => target === `${prefix}/index.ts` || target === `${prefix}/index.tsx`;

/** The rules one import breaks (usually none), each as a sentence. */
export function brokenRules(from, imp, target) {
  const a = placeOf(from);
  if (target === null) {
    if (a.side === 'domain' && imp.specifier !== 'zod')
      return [`domain/ imports only zod and domain/ files, not '${imp.specifier}'`];
    return [];
  }
  const b = placeOf(target);
  const broken = [];
  if (b.side === 'other') return broken;
  if (a.side !== b.side && b.side !== 'domain')
    broken.push(
      a.side === 'domain'
        ? `domain/ must not import ${b.side} code`
        : `client and server meet only in domain/: ${a.side} code must not import ${b.side} code`,
    );
  if (a.side !== b.side) return broken;

  if (a.side === 'domain') {
    if (b.area && a.area !== b.area && !isFace(target, `domain/${b.area}`))
      broken.push(`domain areas import each other through index.ts: use '@domain/${b.area}'`);
    return broken;
  }

  if (a.side === 'client') {
    if ((a.layer === 'components' || a.layer === 'lib') && (b.layer === 'features' || b.layer === 'app'))
      broken.push(`upward import: client ${a.layer}/ must not import ${b.layer}/`);
    else if (a.layer === 'features' && b.layer === 'app')
      broken.push('upward import: features/ must not import app/');
    else if (a.layer === 'lib' && b.layer === 'components')
      broken.push('upward import: lib/ must not import components/');
    if (a.layer === 'features' && b.layer === 'features' && a.area !== b.area && !isPageFile(from))
      broken.push(
        'a feature does not import another: only pages (…Page.tsx) and app/ compose features; move what both use to components/ or lib/, or let the page pass it in',
      );
    if (b.layer === 'features' && a.area !== b.area) {
      const face = `client/src/features/${b.area}`;
      const routerPage = from === ROUTER && imp.dynamic && /Page\.tsx$/.test(target);
      if (!isFace(target, face) && !SECOND_FACES.has(target) && !routerPage)
        broken.push(`deep import into another feature: use '@/features/${b.area}' (its index.ts)`);
    }
    return broken;
  }

  // The server: app.ts → modules/ → plugins/, http/, security/, db/ (→ config.ts, domain/). The demo data's seed
  // (seed.ts, run by main.ts and cli.ts) writes its orders through the modules, as the app does.
  if (b.layer === 'app' && a.layer !== 'main') broken.push('only main.ts (and tests) may import app.ts');
  if (b.layer === 'main') broken.push('nothing imports main.ts');
  if (b.layer === 'seed' && !['main', 'cli'].includes(a.layer))
    broken.push('only main.ts and cli.ts (and tests) may import seed.ts');
  if (!['app', 'main', 'modules', 'seed', 'cli'].includes(a.layer) && b.layer === 'modules')
    broken.push(`upward import: server ${a.layer}/ must not import modules/`);
  if (b.layer === 'modules' && a.area !== b.area && !isFace(target, `server/src/modules/${b.area}`))
    broken.push(`deep import into another module: use modules/${b.area}/index.ts`);
  return broken;
}

/** Checks every source file under root; returns the violations as `file:line  rule (specifier)`. */
export function checkImports(root) {
  const problems = [];
  for (const file of sourceFiles(root)) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const imp of importsOf(text)) {
      const target = resolve(root, file, imp.specifier);
      for (const rule of brokenRules(file, imp, target))
        problems.push(`${file}:${imp.line}  ${rule} ('${imp.specifier}')`);
    }
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
  const problems = checkImports(root);
  for (const problem of problems) console.error(problem);
  if (problems.length) {
    console.error(`${problems.length} import(s) break docs/architecture.md#import-rules`);
    process.exit(1);
  }
  console.log('Imports follow docs/architecture.md#import-rules.');
}
