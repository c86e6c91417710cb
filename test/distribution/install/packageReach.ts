import { dirname, join, normalize } from 'node:path/posix';

// What the package holds that nothing in it uses. A module is needed when an entry point
// reaches it: the commands (bin/), package.json "exports", and a file a packaged document
// tells its user to run by path (`npx tsx node_modules/banking-api-conformance/…`). From
// there a module reaches what it names in a string: an import (static or `import('…')`),
// `new URL('…', import.meta.url)`, a path from the package root (`${ROOT}/x.ts`), a glob
// (a vitest config's include) or a file of its own folder read by name (the emulator's
// ui.js). What no entry point reaches is there for the project's tests, benches or
// tooling, and does not belong in the package.

const MODULE = /\.(?:ts|mts|mjs|js)$/;
/** Names of test-only code that once lived in the product: none may come back. */
const TEST_ONLY_NAMES = /\b(?:seededDeclarationFault|runScenarios|runScenarioList|catalogueDuplicates|HEAVIEST_TEST_FILES)\b/g;
const DOCUMENT = /\.(?:md|ya?ml)$/;
const RUN_BY_PATH = /\b(?:tsx|node)\s+(?:node_modules\/banking-api-conformance\/)?((?:[\w.-]+\/)*[\w.-]+\.(?:ts|mts|mjs|js))\b/g;
// Comments and strings, read left to right so that a quote inside one is not taken for the start of another.
const TOKEN = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;

export interface PackageFiles {
  /** Every path `npm pack` would put in the tarball. */
  readonly paths: readonly string[];
  /** The text of one of those paths. */
  readonly read: (path: string) => string;
  /** package.json's "bin" and "exports". */
  readonly manifest: { readonly bin?: Record<string, string>; readonly exports?: Record<string, string> };
}

export const isModule = (path: string): boolean => MODULE.test(path);

/** The package's entry points, each with where it comes from. */
export function entryPoints(pkg: PackageFiles): Map<string, string> {
  const entries = new Map<string, string>();
  const packaged = new Set(pkg.paths);
  for (const path of Object.values(pkg.manifest.bin ?? {})) entries.set(normalize(path), 'package.json "bin"');
  for (const path of pkg.paths.filter((path) => path.startsWith('bin/') && isModule(path))) entries.set(path, 'bin/');
  for (const path of Object.values(pkg.manifest.exports ?? {}).filter(isModule)) entries.set(normalize(path), 'package.json "exports"');
  for (const document of pkg.paths.filter((path) => DOCUMENT.test(path)))
    for (const match of pkg.read(document).matchAll(RUN_BY_PATH))
      if (packaged.has(match[1]!)) entries.set(match[1]!, `run by path in ${document}`);
  return entries;
}

const globPattern = (glob: string): RegExp =>
  new RegExp(
    `^${glob
      .split(/(\*\*\/|\*)/)
      .map((part) => (part === '**/' ? '(?:.+/)?' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('')}$`,
  );

/** The packaged files a module names in its strings (see the top of this file). */
export function referencedFiles(file: string, text: string, packaged: ReadonlySet<string>): string[] {
  const folder = dirname(file);
  const found = new Set<string>();
  for (const match of text.matchAll(TOKEN)) {
    const literal = (match[1] ?? match[2] ?? match[3] ?? '').replace(/^\$\{[^}]*\}\//, '');
    if (literal === '' || literal.includes('${')) continue;
    if (literal.includes('*')) {
      const patterns = [globPattern(literal), globPattern(join(folder, literal))];
      for (const path of packaged) if (patterns.some((pattern) => pattern.test(path))) found.add(path);
      continue;
    }
    // From the module's folder, or from the package root (where vitest resolves a config's './' paths).
    for (const candidate of [join(folder, literal), normalize(literal)]) if (packaged.has(candidate)) found.add(candidate);
  }
  found.delete(file);
  return [...found];
}

/** Packaged modules no entry point reaches. */
export function unreachableModules(pkg: PackageFiles): string[] {
  const packaged = new Set(pkg.paths);
  const reached = new Set<string>();
  const queue = [...entryPoints(pkg).keys()].filter((path) => packaged.has(path));
  for (const file of queue) {
    if (reached.has(file)) continue;
    reached.add(file);
    if (isModule(file)) queue.push(...referencedFiles(file, pkg.read(file), packaged));
  }
  return pkg.paths.filter((path) => isModule(path) && !reached.has(path)).sort();
}

/** Packaged paths under the project's own tests and benches. */
export const testOrBenchPaths = (paths: readonly string[]): string[] => paths.filter((path) => /^(?:test|bench)\//.test(path));

/** Packaged modules that name test-only code, each as "path: name". */
export const testOnlyNames = (pkg: PackageFiles): string[] =>
  pkg.paths
    .filter(isModule)
    .flatMap((path) =>
      [...new Set([...pkg.read(path).matchAll(TEST_ONLY_NAMES)].map((match) => match[0]))].map((name) => `${path}: ${name}`),
    );
