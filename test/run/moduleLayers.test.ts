import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';

// Each top-level folder is one layer and imports only point down. LAYERS lists the
// folders bottom first, each with the folders it may import (all of them below it).
// The emulator is a product of its own: it shares only the documents' facts (spec/,
// schemas/) and serves the derived OpenAPI document, never the harness or the suites.
// run/ (the pipeline) never imports a reporter; nothing imports cli/ but bin/.
// test/ and bench/ sit on top: they may import every product folder, bench/ test/'s helpers too.
// docs/architecture.md draws the same table.
const LAYERS: ReadonlyArray<readonly [folder: string, mayImport: readonly string[]]> = [
  ['spec', []],
  ['schemas', []],
  ['requirements', []],
  ['targets', []],
  ['docs', []],
  // A copyable reference receiver: it stands alone.
  ['examples', []],
  ['harness', ['spec', 'schemas']],
  ['fixtures', ['spec', 'schemas', 'harness']],
  ['openapi', ['spec', 'schemas', 'harness']],
  ['emulator', ['spec', 'schemas', 'openapi']],
  ['suites', ['spec', 'schemas', 'harness']],
  ['container', ['spec', 'harness']],
  ['run', ['spec', 'schemas', 'harness', 'suites', 'emulator', 'container']],
  ['report', ['spec', 'schemas', 'harness', 'container', 'run']],
  // receiver/ judges a webhook receiver with the embedded emulator as the sandbox, through the run's judgement.
  ['receiver', ['spec', 'schemas', 'harness', 'emulator', 'run']],
  // action/: the GitHub Action's report step, reading a run's report directory.
  ['action', ['spec', 'schemas', 'harness', 'run', 'report']],
  ['cli', ['spec', 'schemas', 'harness', 'openapi', 'emulator', 'suites', 'container', 'run', 'report', 'receiver']],
  ['bin', ['cli', 'emulator']],
  [
    'test',
    [
      'spec',
      'schemas',
      'requirements',
      'targets',
      'examples',
      'harness',
      'fixtures',
      'openapi',
      'emulator',
      'suites',
      'container',
      'run',
      'receiver',
      'report',
      'action',
      'cli',
      'bin',
    ],
  ],
  [
    'bench',
    ['spec', 'schemas', 'harness', 'fixtures', 'openapi', 'emulator', 'suites', 'container', 'run', 'receiver', 'report', 'cli', 'test'],
  ],
];

const CODE = /\.(ts|mts|mjs|js)$/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.{1,2}\/[^']+)'/g;

function codeFiles(folder: string): string[] {
  return readdirSync(join(PROJECT_ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => CODE.test(name) && !name.split('/').includes('node_modules'))
    .map((name) => join(folder, name));
}

/** Every relative import of the folder's code, with the top-level folder it lands in ('' for the project root). */
function importsOf(folder: string): Array<{ file: string; target: string; folder: string }> {
  return codeFiles(folder).flatMap((file) =>
    [...readFileSync(join(PROJECT_ROOT, file), 'utf8').matchAll(SPECIFIER)].map((match) => {
      const target = relative(PROJECT_ROOT, resolve(PROJECT_ROOT, dirname(file), match[1]!));
      return { file, target, folder: target.includes('/') ? target.split('/')[0]! : '' };
    }),
  );
}

// What git tracks, not what lies on disk: reports/, build/ and the like are output.
const topLevelFolders = (): string[] => {
  const tracked = execFileSync('git', ['ls-files'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).split('\n');
  const folders = tracked.filter((path) => path.includes('/')).map((path) => path.slice(0, path.indexOf('/')));
  return [...new Set(folders)].filter((name) => !name.startsWith('.'));
};

test('every top-level folder has its place in the layer table', () => {
  const known = new Set(LAYERS.map(([folder]) => folder));
  expect(topLevelFolders().filter((folder) => !known.has(folder))).toEqual([]);
});

test('the layer table only lets a folder import folders below it', () => {
  const upward = LAYERS.flatMap(([folder, allowed], index) => {
    const below = new Set(LAYERS.slice(0, index).map(([name]) => name));
    return allowed.filter((name) => !below.has(name)).map((name) => `${folder} → ${name}`);
  });
  expect(upward).toEqual([]);
});

test.each(LAYERS.filter(([folder]) => topLevelFolders().includes(folder)))(
  '%s/ imports only what the layer table allows',
  (folder, allowed) => {
    const permitted = new Set([folder, ...allowed]);
    const breaking = importsOf(folder)
      .filter((entry) => !permitted.has(entry.folder))
      .map(({ file, target }) => `${file} → ${target}`);
    expect(breaking).toEqual([]);
  },
);

test('a suite area never imports another area: what areas share lives in suites/shared/', () => {
  const borrowed = importsOf('suites')
    // Files directly in suites/ (the scenario index, the one conformance file) are no area.
    .filter(({ file }) => !file.startsWith('suites/shared/') && file.split('/').length > 2)
    .filter(
      ({ file, target }) =>
        target.startsWith('suites/') && !target.startsWith('suites/shared/') && target.split('/')[1] !== file.split('/')[1],
    )
    .map(({ file, target }) => `${file} → ${target}`);
  expect(borrowed).toEqual([]);
});

test('the import reader sees every form of import (so an upward import cannot hide)', () => {
  const sample = `import a from './x.ts';\nimport { b,\n  c } from '../y.ts';\nexport * from '../z.ts';\nawait import('../w.ts');\nimport './side.ts';`;
  expect([...sample.matchAll(SPECIFIER)].map((match) => match[1])).toEqual(['./x.ts', '../y.ts', '../z.ts', '../w.ts', './side.ts']);
});
