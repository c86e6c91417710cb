import { closeSync, mkdirSync, openSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SetupError } from '../harness/records/setupError.ts';
import { PRIVATE_EXPECTED, PUBLIC_EXPECTED } from '../verdict/certificateSigning.ts';

// Every path a command is given, checked before the command's work starts (cli/main.ts calls
// this before each action): a file that cannot be read or a directory that cannot be written
// is one line and exit 2 at once, not a failure after a whole run, nor a hang (Node's
// recursive mkdir loops forever under /proc).

/**
 * - `file`: a file the command reads (a manifest, a baseline);
 * - `results`: a results.json, or the report directory holding one;
 * - `output-dir`: a directory the command writes into, made if missing;
 * - `existing-dir`: the report directory of an earlier run, which the command reads and writes;
 * - `output-file`: a file the command writes (its folder made if missing).
 */
export type PathKind = 'file' | 'results' | 'output-dir' | 'existing-dir' | 'output-file';

/** A path option or argument: its key in commander's values, how errors name it, what it must be. */
export interface PathArgument {
  key: string;
  label: string;
  kind: PathKind;
  /** `-` stands for standard output here, and is no path to check. */
  dashIsStandardOutput?: true;
  /** What the file must hold, said when it cannot be read (a key file's format). */
  expected?: string;
}

const option = (key: string, kind: PathKind): PathArgument => ({
  key,
  label: `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
  kind,
});

const keyFile = (key: string, expected: string): PathArgument => ({ ...option(key, 'file'), expected });

/** `--events FILE`, or `-` for standard output. */
const eventsStream: PathArgument = { ...option('events', 'output-file'), dashIsStandardOutput: true };

/** Each command's path options, the ones read before the ones written (a refused input makes no directory). */
export const PATH_ARGUMENTS: Readonly<Record<string, readonly PathArgument[]>> = {
  run: [
    option('target', 'file'),
    option('targetManifest', 'file'),
    option('baseline', 'file'),
    option('compare', 'results'),
    keyFile('signingKey', PRIVATE_EXPECTED),
    option('har', 'output-file'),
    eventsStream,
    option('reportDir', 'output-dir'),
  ],
  cleanup: [option('target', 'file'), option('reportDir', 'existing-dir')],
  receiver: [option('target', 'file'), eventsStream, option('reportDir', 'output-dir')],
  client: [
    option('target', 'file'),
    option('baseline', 'file'),
    keyFile('signingKey', PRIVATE_EXPECTED),
    eventsStream,
    option('reportDir', 'output-dir'),
  ],
  merge: [{ key: 'dirs', label: 'merge DIR', kind: 'results' }, option('compare', 'results'), option('reportDir', 'output-dir')],
  compare: [option('observed', 'results'), option('reportDir', 'output-dir')],
  report: [option('reportDir', 'existing-dir')],
  init: [option('output', 'output-file')],
  verify: [
    { key: 'certificate', label: 'verify CERTIFICATE', kind: 'file' },
    keyFile('key', PUBLIC_EXPECTED),
    option('results', 'file'),
    option('evidence', 'file'),
  ],
};

class PathProblem extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

const codeOf = (error: unknown): string =>
  error instanceof PathProblem ? error.code : ((error as NodeJS.ErrnoException).code ?? (error as Error).message);

function statOf(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Reads the first byte: permission bits say nothing to root, and some files refuse every reader. */
function assertReadableFile(path: string): void {
  const stats = statOf(path);
  if (!stats) throw new PathProblem('ENOENT');
  if (stats.isDirectory()) throw new PathProblem('EISDIR: a directory, not a file');
  // A FIFO or a device could block the first read for ever.
  if (!stats.isFile()) throw new PathProblem('not a regular file');
  const descriptor = openSync(path, 'r');
  try {
    readSync(descriptor, Buffer.alloc(1), 0, 1, 0);
  } finally {
    closeSync(descriptor);
  }
}

/** One level at a time: `mkdirSync(…, { recursive: true })` never returns for a path under /proc. */
function makeDirectory(path: string): void {
  const stats = statOf(path);
  if (stats) {
    if (!stats.isDirectory()) throw new PathProblem('ENOTDIR: a file, not a directory');
    return;
  }
  const parent = dirname(path);
  if (parent !== path) makeDirectory(parent);
  mkdirSync(path);
}

/** Writes and removes a file: only a real write tells procfs, sysfs or a read-only mount from a writable folder. */
function assertWritableDirectory(path: string): void {
  const probe = join(path, `.write-check-${process.pid}`);
  writeFileSync(probe, '');
  rmSync(probe);
}

function check(path: string, kind: PathKind): void {
  switch (kind) {
    case 'file':
      return assertReadableFile(path);
    case 'results': {
      if (!statOf(path)?.isDirectory()) return assertReadableFile(path);
      const results = join(path, 'results.json');
      if (!statOf(results)) throw new PathProblem('a directory with no results.json');
      return assertReadableFile(results);
    }
    case 'output-dir':
      makeDirectory(path);
      return assertWritableDirectory(path);
    case 'existing-dir': {
      const stats = statOf(path);
      if (!stats) throw new PathProblem('ENOENT');
      if (!stats.isDirectory()) throw new PathProblem('ENOTDIR: a file, not a directory');
      return assertWritableDirectory(path);
    }
    case 'output-file': {
      if (statOf(path)?.isDirectory()) throw new PathProblem('EISDIR: a directory, not a file');
      const folder = dirname(resolve(path));
      makeDirectory(folder);
      return assertWritableDirectory(folder);
    }
  }
}

/** What is wrong with a refused path of each kind, and what to give instead. */
const WHAT_IS_WRONG: Record<PathKind, [problem: string, advice?: string]> = {
  file: ['cannot be read'],
  results: ['cannot be read', 'give a results.json or the report directory holding one'],
  'output-dir': ['cannot be written', 'choose a directory you can write to'],
  'existing-dir': ['cannot be used', 'give the report directory of an earlier run, one you can write to'],
  'output-file': ['cannot be written', 'choose a file in a directory you can write to'],
};

function describeFailure(argument: PathArgument, path: string, error: unknown): string {
  const [problem, kindAdvice] = WHAT_IS_WRONG[argument.kind];
  const advice = argument.expected ? `give a file holding ${argument.expected}` : kindAdvice;
  return `${argument.label} ${path} ${problem} (${codeOf(error)})${advice ? `: ${advice}` : ''}`;
}

/** Throws a SetupError naming the first path of `values` (commander's, by option key) that is not what `command` needs. */
export function assertPathArguments(command: string, values: Readonly<Record<string, unknown>>): void {
  for (const argument of PATH_ARGUMENTS[command] ?? []) {
    const given = values[argument.key];
    const paths = Array.isArray(given) ? given : given === undefined ? [] : [given];
    for (const path of paths) {
      if (typeof path !== 'string' || (argument.dashIsStandardOutput && path === '-')) continue;
      try {
        check(path, argument.kind);
      } catch (error) {
        throw new SetupError(describeFailure(argument, path, error), { cause: error });
      }
    }
  }
}
