import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { PROJECT_ROOT, runCli } from '../cli/cliProcess.ts';
import { relativeImports } from '../support/importGraph.ts';

// Issue 41: no command loads vitest. vitest and allure-vitest are how a person runs the suites
// as vitest tests (`npx vitest --project conformance`, harness/vitestFace/); `run`, `receiver`,
// `list`, `report`, `merge`, `compare` and the rest write Allure directly. Every module the
// commands can load is walked from their entry points (bin/*.mjs, which load cli/main.ts):
// static imports, re-exports and literal `import('…')` alike, so a command that loads a module
// lazily is walked too. A real `run` writing Allure then shows what Node actually loaded,
// dependencies of dependencies included.

/** A package named in an import of any form: the first segment or two of a bare specifier. */
const BARE_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)'((?:@[\w.-]+\/)?[\w.-]+)(?:\/[^']*)?'/g;
/** `import(` with anything but a literal: what it loads cannot be read from the text. */
const COMPUTED_IMPORT = /\bimport\s*\(\s*(?!['"])/g;
const VITEST_PACKAGES = new Set(['vitest', 'allure-vitest', '@vitest/runner']);
const VITEST_FACE = 'harness/vitestFace/';
/** The one computed import: a simulation adapter the user's manifest names, a module of theirs. */
const COMPUTED_ALLOWED = ['harness/targetIO/simulation/simulationAdapterLoader.ts'];

const ENTRY_POINTS = readdirSync(join(PROJECT_ROOT, 'bin'))
  .filter((name) => name.endsWith('.mjs'))
  .map((name) => `bin/${name}`);

interface CommandGraph {
  /** Each module reached, with the module that first named it. */
  reachedFrom: Map<string, string>;
  packages: Map<string, string[]>;
  computed: string[];
}

function walk(entries: readonly string[]): CommandGraph {
  const reachedFrom = new Map<string, string>(entries.map((entry) => [entry, 'entry point']));
  const packages = new Map<string, string[]>();
  const computed: string[] = [];
  const queue = [...entries];
  for (const file of queue) {
    const text = readFileSync(join(PROJECT_ROOT, file), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    if (COMPUTED_IMPORT.test(text)) computed.push(file);
    COMPUTED_IMPORT.lastIndex = 0;
    for (const [, name] of text.matchAll(BARE_SPECIFIER)) if (name) packages.set(name, [...(packages.get(name) ?? []), file]);
    for (const imported of relativeImports(file, text)) {
      if (reachedFrom.has(imported) || !existsSync(join(PROJECT_ROOT, imported))) continue;
      reachedFrom.set(imported, file);
      queue.push(imported);
    }
  }
  return { reachedFrom, packages, computed };
}

const graph = walk(ENTRY_POINTS);

/** How an entry point reaches a module: entry → … → module. */
function pathTo(module: string): string {
  const path = [module];
  for (let at = graph.reachedFrom.get(module); at && at !== 'entry point'; at = graph.reachedFrom.get(at)) path.unshift(at);
  return path.join(' → ');
}

test('the walk starts at every command entry point and reaches the commands', () => {
  expect(ENTRY_POINTS).toContain('bin/banking-api-conformance.mjs');
  for (const command of ['cli/main.ts', 'cli/runCommand.ts', 'cli/receiverCommand.ts', 'cli/mergeCommand.ts', 'cli/compareCommand.ts'])
    expect(graph.reachedFrom.has(command), command).toBe(true);
  // The Allure face is on the path, and the packages it writes with: the walk sees what a command loads.
  expect(graph.reachedFrom.has('report/allureWriter.ts')).toBe(true);
  expect(graph.packages.has('allure-js-commons')).toBe(true);
});

test('no command reaches vitest, allure-vitest or the vitest face', () => {
  const vitestImports = [...graph.packages]
    .filter(([name]) => VITEST_PACKAGES.has(name))
    .flatMap(([name, files]) => files.map((file) => `${pathTo(file)} imports ${name}`));
  const vitestFace = [...graph.reachedFrom.keys()].filter((module) => module.startsWith(VITEST_FACE)).map(pathTo);
  expect([...vitestImports, ...vitestFace]).toEqual([]);
});

test('every import on a command path can be read from the text: no computed import but the user adapter loader', () => {
  expect(graph.computed).toEqual(COMPUTED_ALLOWED);
});

/** A module hook that lists every URL the child resolves, for the run below. */
function loadRecorder(scratch: string): { nodeOptions: string; loaded: () => string[] } {
  const log = join(scratch, 'loaded.txt');
  writeFileSync(
    join(scratch, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, resolved.url + '\\n');
  return resolved;
}
`,
  );
  writeFileSync(join(scratch, 'register.mjs'), "import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n");
  return {
    nodeOptions: `--import ${join(scratch, 'register.mjs')}`,
    loaded: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []),
  };
}

test('a run writing Allure loads no module of vitest, allure-vitest or the vitest face', async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'bac-command-paths-'));
  const recorder = loadRecorder(scratch);
  const reportDir = join(scratch, 'reports');
  const run = await runCli(
    ['run', '--grep', 'conventions/plain-json-request', '--seed', '1', '--reporter', 'allure', '--report-dir', reportDir],
    {
      NODE_OPTIONS: recorder.nodeOptions,
    },
  );
  // 0 or 1 is a verdict (this one scenario alone leaves a requirement UNTESTABLE); 2 would be a setup error.
  expect([0, 1], run.stderr).toContain(run.code);
  const results = readdirSync(join(reportDir, 'allure-results')).filter((name) => name.endsWith('-result.json'));
  expect(results).toHaveLength(1);
  const loaded = recorder.loaded();
  // The recorder saw the run's own modules: its silence about vitest means something.
  expect(loaded.some((url) => url.endsWith('/report/allureWriter.ts'))).toBe(true);
  expect(loaded.filter((url) => /\/node_modules\/(?:vitest|allure-vitest|@vitest\/[^/]+)\/|\/harness\/vitestFace\//.test(url))).toEqual([]);
}, 120_000);
