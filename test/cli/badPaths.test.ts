import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { assertPathArguments, PATH_ARGUMENTS, type PathArgument, type PathKind } from '../../cli/pathArguments.ts';
import { SetupError } from '../../harness/records/setupError.ts';
import { PROJECT_ROOT, runCli, type CliResult } from './cliProcess.ts';

// Every path a command is given is checked before its work starts: a path that cannot be
// read or written is one line naming the option, and exit 2, never a hang (`run --report-dir
// /proc/x` once spun for ten minutes). Each command's path options get each bad kind of path;
// a few whole command lines show the exit code, the one line and that no work started.

const scratch = mkdtempSync(join(tmpdir(), 'bac-bad-paths-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const aFile = join(scratch, 'a-file');
const aDirectory = join(scratch, 'a-directory');
const unreadable = join(scratch, 'unreadable.json');
writeFileSync(aFile, '{}');
mkdirSync(aDirectory);
writeFileSync(unreadable, '{}');
chmodSync(unreadable, 0o000);

const isRoot = process.getuid?.() === 0;
// Root reads through permission bits; a process's own memory at address 0 refuses every reader (EIO).
const UNREADABLE_FILE = isRoot ? '/proc/self/mem' : unreadable;
// Root writes through permission bits; sysfs refuses a new file to everyone.
const UNWRITABLE_DIRECTORY = isRoot ? '/sys/kernel' : '/proc';

const READ_KINDS: readonly PathKind[] = ['file', 'results'];

/** The bad paths of each kind of argument: the case's name and the path. */
function badPathsFor(kind: PathKind): [string, string][] {
  const everywhere: [string, string][] = [
    ['under procfs', '/proc/x'],
    ['under a device', '/dev/null/x'],
  ];
  if (READ_KINDS.includes(kind)) {
    return [
      ...everywhere,
      // A report directory stands for its results.json: one without it is no file either.
      ['a directory where a file is expected', aDirectory],
      ['an unreadable file', UNREADABLE_FILE],
    ];
  }
  if (kind === 'output-file')
    return [
      ...everywhere,
      ['a directory where a file is expected', aDirectory],
      ['a file in a folder that cannot be written', join(UNWRITABLE_DIRECTORY, 'out.json')],
    ];
  return [...everywhere, ['a file where a directory is expected', aFile], ['a directory that cannot be written', UNWRITABLE_DIRECTORY]];
}

const cases = Object.entries(PATH_ARGUMENTS).flatMap(([command, paths]) =>
  paths.flatMap((argument: PathArgument) => badPathsFor(argument.kind).map(([name, path]) => ({ command, argument, name, path }))),
);

describe("each command's path options", () => {
  test.each(cases)('$command $argument.label: $name ($path)', ({ command, argument, path }) => {
    const given = argument.key === 'dirs' || argument.key === 'observed' ? [path] : path;
    let refusal: unknown;
    try {
      assertPathArguments(command, { [argument.key]: given });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(SetupError);
    const message = (refusal as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message.startsWith(`${argument.label} ${path} `)).toBe(true);
  });

  test('every path option and argument of cli/main.ts is checked', () => {
    const source = readFileSync(join(PROJECT_ROOT, 'cli/main.ts'), 'utf8');
    const pathOptions = (text: string): string[] =>
      [...text.matchAll(/ption\(\s*'(?:-\w, )?--([\w-]+) <(?:file|dir|files|dirs)(?:\.\.\.)?>'/g)].map((match) => match[1]!);
    // The options every judging command shares are declared once, in cli/judgingOptions.ts.
    const shared = pathOptions(readFileSync(join(PROJECT_ROOT, 'cli/judgingOptions.ts'), 'utf8'));
    const chunks = source.split(/\.command\('/);
    const declared = chunks.slice(1).flatMap((block, index) => {
      const command = block.slice(0, block.indexOf("'"));
      const judging = /withJudgingOptions\(\s*program$/.test(chunks[index]!);
      const options = [...pathOptions(block), ...(judging ? shared : [])].map((option) => `${command} --${option}`);
      const positional = [...block.matchAll(/\.argument\('<(\w+)(?:\.\.\.)?>'/g)].map((match) => `${command} ${match[1]}`);
      // A positional path names what it is (merge's <dirs...>, verify's <certificate>).
      return [...options, ...positional.filter((name) => / (dirs|files|certificate)$/.test(name))];
    });
    const checked = new Set(
      Object.entries(PATH_ARGUMENTS).flatMap(([command, paths]) =>
        paths.map((argument) => `${command} ${argument.label.startsWith('--') ? argument.label : argument.key}`),
      ),
    );
    expect(declared.length).toBeGreaterThan(10);
    // A reading gone wrong would miss the shared ones.
    for (const command of ['run', 'receiver', 'client']) expect(declared).toContain(`${command} --report-dir`);
    expect(declared.filter((name) => !checked.has(name))).toEqual([]);
  });

  test('a good path passes, and a missing report directory is made', () => {
    const reports = join(scratch, 'new', 'reports');
    assertPathArguments('run', { reportDir: reports, baseline: aFile, har: join(scratch, 'har', 'run.har') });
    expect(existsSync(reports)).toBe(true);
  });

  test('a key file that cannot be read is refused saying what it must hold', () => {
    expect(() => assertPathArguments('run', { signingKey: join(scratch, 'missing.pem') })).toThrow(
      /^--signing-key \S+ cannot be read \(ENOENT\): give a file holding an Ed25519 private key in PKCS#8 PEM/,
    );
    expect(() => assertPathArguments('verify', { key: join(scratch, 'missing.pub.pem') })).toThrow(
      /^--key \S+ cannot be read \(ENOENT\): give a file holding an Ed25519 public key in PEM/,
    );
  });

  test('--events - is standard output, no path: it passes, and no file named - is made', () => {
    for (const command of ['run', 'receiver', 'client']) assertPathArguments(command, { events: '-' });
    expect(existsSync('-')).toBe(false);
  });
});

describe('the command line', () => {
  const untouched = join(scratch, 'never-made');
  const lines: Record<string, string[]> = {
    reportDirUnderProc: ['run', '--report-dir', '/proc/x'],
    targetUnderDevice: ['run', '--target', '/dev/null/x', '--report-dir', untouched],
    mergeDirectory: ['merge', aDirectory, '--report-dir', untouched],
    initOutputDirectory: ['init', '--yes', '--output', aDirectory],
    reportOnFile: ['report', '--report-dir', aFile],
  };
  const results = {} as Record<string, CliResult>;
  beforeAll(async () => {
    const answers = await Promise.all(Object.values(lines).map((args) => runCli(args)));
    Object.keys(lines).forEach((name, index) => (results[name] = answers[index] as CliResult));
  }, 120_000);

  test.each(Object.keys(lines))('%s: one line, exit 2, no work started', (name) => {
    const result = results[name] as CliResult;
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^banking-api-conformance: --?[\w-]+|^banking-api-conformance: merge DIR/);
    // Nothing printed before the refusal: no emulator started, no scenario, no report.
    expect(result.stdout).toBe('');
    expect(existsSync(untouched)).toBe(false);
  });
});
