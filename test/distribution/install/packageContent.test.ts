import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { PROJECT_ROOT } from '../../cli/cliProcess.ts';
import { packListing } from './installedPackage.ts';
import { relativeImports } from '../../support/importGraph.ts';
import { type PackageFiles, testOnlyNames, testOrBenchPaths, unreachableModules } from './packageReach.ts';

// What the package holds, from `npm pack --dry-run` (the list, no tarball): every module
// in it is there because the package's own entry points reach it (test/distribution/install/packageReach.ts).
// A module only the project's tests or benches use is refused, named with who uses it.

const readProjectFile = (path: string): string => readFileSync(join(PROJECT_ROOT, path), 'utf8');

let packaged: PackageFiles;

beforeAll(async () => {
  const pack = await packListing();
  expect(pack.code, pack.stderr).toBe(0);
  const [listed] = JSON.parse(pack.stdout) as Array<{ files: Array<{ path: string }> }>;
  packaged = {
    paths: listed!.files.map((file) => file.path),
    read: readProjectFile,
    manifest: JSON.parse(readProjectFile('package.json')),
  };
});

/** Who in test/ and bench/ imports each module: what a refused module is kept for. */
function testAndBenchImporters(): Map<string, string[]> {
  const importers = new Map<string, string[]>();
  for (const folder of ['test', 'bench'])
    for (const name of readdirSync(join(PROJECT_ROOT, folder), { recursive: true, encoding: 'utf8' })) {
      const file = `${folder}/${name}`;
      if (!/\.(?:ts|mjs)$/.test(file)) continue;
      for (const target of relativeImports(file, readProjectFile(file))) importers.set(target, [...(importers.get(target) ?? []), file]);
    }
  return importers;
}

describe('the package as npm packs it', () => {
  test("holds no file of the project's tests or benches", () => {
    expect(testOrBenchPaths(packaged.paths)).toEqual([]);
  });

  test('holds only modules its entry points reach: none only the tests or benches use', () => {
    const importers = testAndBenchImporters();
    const unreached = unreachableModules(packaged).map((path) => {
      const users = importers.get(path);
      return users ? `${path} (test-only: used by ${users.join(', ')})` : `${path} (used by nothing packaged)`;
    });
    expect(unreached).toEqual([]);
  });

  test('names no test-only code', () => {
    expect(testOnlyNames(packaged)).toEqual([]);
  });
});

describe('the package reader, on a package made up for it', () => {
  const texts: Record<string, string> = {
    'bin/tool.mjs': "await import('../cli/main.ts');",
    'cli/main.ts': "import { run } from '../run/run.ts';\nconst config = `${ROOT}/report/face.config.ts`;",
    'run/run.ts': "const ui = readFileSync(join(import.meta.dirname, 'page.js'));\n// '../harness/onlyInAComment.ts'",
    'run/page.js': 'document.title = "it\'s read by name";',
    'report/face.config.ts': "export default { include: ['suites/**/*.conformance.ts'], setupFiles: ['./report/setup.ts'] };",
    'report/setup.ts': '',
    'suites/area/one.conformance.ts': "import { runScenarios } from '../../harness/runScenarios.ts';",
    'harness/runScenarios.ts': '',
    'harness/onlyInAComment.ts': '',
    'harness/exported.ts': '',
    'report/summaryMain.ts': '',
    'docs/guide.md': 'npx tsx node_modules/banking-api-conformance/report/summaryMain.ts DIR',
    'test/helper.ts': '',
  };
  const made: PackageFiles = {
    paths: Object.keys(texts),
    read: (path) => texts[path]!,
    manifest: { bin: { tool: 'bin/tool.mjs' }, exports: { './exported': './harness/exported.ts' } },
  };

  test('follows imports, root paths, globs, files read by name, "exports" and paths the documents run', () => {
    expect(unreachableModules(made)).toEqual(['harness/onlyInAComment.ts', 'test/helper.ts']);
  });

  test('refuses a test-only module, a test file and a test-only name', () => {
    const withTestOnly: PackageFiles = {
      ...made,
      paths: [...made.paths, 'harness/catalogueDuplicates.ts'],
      read: (path) => texts[path] ?? "import { x } from '../test/helper.ts';",
    };
    expect(unreachableModules(withTestOnly)).toContain('harness/catalogueDuplicates.ts');
    expect(testOrBenchPaths(made.paths)).toEqual(['test/helper.ts']);
    expect(testOnlyNames(made)).toEqual(['suites/area/one.conformance.ts: runScenarios']);
  });
});
