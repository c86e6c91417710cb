import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { codeFilesOutside } from './productFiles.ts';
import { literalsOf } from './codeLiterals.ts';

// Every command-line string is parsed in cli/, and every option is said again from values
// there (cli/commandLineText.ts): past cli/ state travels as values. This test reads the
// product's code for a literal naming an option of banking-api-conformance (`--only`,
// `--shard`, `--token-env`...) outside cli/ and names file:line. The options are read from
// cli/main.ts and cli/judgingOptions.ts (those every judging command shares), where commander declares them, so a new option is held from the day it is added;
// other programs' flags (docker's, npm's, the emulator's own) are not ours to hold.
// The source is parsed: comments explain the code and are not read, nor are import paths.

const NOT_PRODUCT: ReadonlyArray<[folder: string, why: string]> = [
  ['cli/', 'where the command line is parsed and said again'],
  ['test/', 'the tests run the command line as a user does'],
  ['bench/', 'timing scripts that run the command line, not shipped'],
  ['fixtures/', 'data the tests read'],
  ['examples/', 'code users copy: it stands alone and imports nothing of the suite'],
  [
    'emulator/',
    "the package's second program, banking-api-emulator: its command line is its own (emulator/startup/commandLine.ts, emulator/tools/), and shares some names with ours (--port, --url, --grep)",
  ],
];

/** Literals that are no state of ours: why each file's are excused whole. */
const EXCUSED: Record<string, string> = {
  'container/emulatorImageMain.ts': 'a build script that prints the command to run next: documentation a person copies',
  'container/runnerImageMain.ts': 'a build script that prints the command to run next: documentation a person copies',
  'report/html/certificatePage.ts': "the verify command printed on the certificate's page: documentation a person copies",
  'container/runnerImage.ts': "npm's own flags (npm pack --json), not ours",
  'report/html/reportStyle.ts': 'CSS custom properties (var(--skip)), not options',
};

const FLAG = /(?<![\w-])--([a-z][a-z0-9-]*)/g;

/** The files where commander's options are declared. */
const DECLARING = ['cli/main.ts', 'cli/judgingOptions.ts'];

/** The long options commander declares (`--no-color` too, as users type it). */
function ourOptions(): Set<string> {
  const options = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['option', 'requiredOption'].includes(node.expression.name.text)
    ) {
      const [flags] = node.arguments;
      if (flags && ts.isStringLiteral(flags)) for (const match of flags.text.matchAll(FLAG)) options.add(match[1] as string);
    }
    ts.forEachChild(node, visit);
  };
  for (const path of DECLARING)
    ts.forEachChild(ts.createSourceFile(path, readFileSync(join(PROJECT_ROOT, path), 'utf8'), ts.ScriptTarget.Latest, true), visit);
  return options;
}

const options = ourOptions();

/** `path:line --option: text` for each literal of the source that names one of our options. */
function flagLiteralsIn(source: string, path: string): string[] {
  return literalsOf(source, path).flatMap(({ line, text }) =>
    [...text.matchAll(FLAG)].filter((match) => options.has(match[1] as string)).map((match) => `${path}:${line} ${match[0]}: ${text}`),
  );
}

test("the options are read from cli/main.ts: run's, receiver's and the rest", () => {
  // A reading gone wrong would pass by knowing no option.
  for (const option of ['only', 'shard', 'grep', 'skip', 'last-failed', 'token-env', 'target-port', 'no-color', 'report-dir', 'events']) {
    expect(options.has(option), option).toBe(true);
  }
});

test('the finder reads literals and templates, not comments, import paths or other programs’ flags', () => {
  const sample = [
    '// run with --only auth',
    "import x from './--only.ts';",
    "const a = 'use --only auth';",
    'const b = `shard ${i} (--shard)`;',
    "const c = ['--rm', '--network', 'host'];",
    "/* --grep */ const d = 'var(--ink)';",
  ].join('\n');
  expect(flagLiteralsIn(sample, 'sample.ts').map((found) => found.split(':')[1]?.split(' ')[0])).toEqual(['3', '4']);
});

/** Each literal naming one of our options in these files of the product, but in the files excused whole. */
const optionsNamedIn = (files: ReadonlyArray<{ path: string; source: string }>): string[] =>
  files.filter(({ path }) => !(path in EXCUSED)).flatMap(({ path, source }) => flagLiteralsIn(source, path));

test('no option of the command line is named in the product outside cli/', () => {
  const files = codeFilesOutside(NOT_PRODUCT);
  expect(files.some((path) => path.startsWith('run/'))).toBe(true);
  const found = optionsNamedIn(files.map((path) => ({ path, source: readFileSync(join(PROJECT_ROOT, path), 'utf8') })));
  expect(found, 'parse the option in cli/ and hand the value on; say it again in cli/commandLineText.ts').toEqual([]);
});

test('a literal naming an option, planted in any folder of the product, is found; in a file excused whole it is not', () => {
  const planted = "const hint = 'start it, or fix --url';";
  for (const path of ['receiver/planted.ts', 'report/planted.ts', 'harness/engine/planted.ts', 'suites/auth/planted.ts']) {
    expect(optionsNamedIn([{ path, source: planted }])).toEqual([`${path}:1 --url: start it, or fix --url`]);
  }
  expect(optionsNamedIn([{ path: 'report/html/certificatePage.ts', source: planted }])).toEqual([]);
});

test('every file excused whole still has literals to excuse', () => {
  const stale = Object.keys(EXCUSED).filter(
    (path) =>
      !existsSync(join(PROJECT_ROOT, path)) ||
      literalsOf(readFileSync(join(PROJECT_ROOT, path), 'utf8'), path).every(({ text }) => [...text.matchAll(FLAG)].length === 0),
  );
  expect(stale).toEqual([]);
});
