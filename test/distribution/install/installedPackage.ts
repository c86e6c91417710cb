import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../cli/cliProcess.ts';
import { commandToExit, type ProcessResult } from '../../support/childProcess.ts';
import { contentKey, holdingLock, sharedBuild } from '../../support/sharedBuild.ts';

// The package as a user gets it, shared by the install tests: the tarball `npm pack`
// makes (one per test run), and the emulator that `npx banking-api-emulator` starts from a project
// that installed it.

export interface PackResult {
  name: string;
  version: string;
  filename: string;
  size: number;
  unpackedSize: number;
  files: Array<{ path: string }>;
}

/** `npm pack` of this project into a folder, to be called in turn (oneAtATime); throws with npm's own words when it fails. */
async function packNow(destination: string): Promise<PackResult> {
  const pack = await commandToExit('npm', ['pack', '--json', '--pack-destination', destination], { cwd: PROJECT_ROOT });
  if (pack.code !== 0) throw new Error(`npm pack exited ${pack.code}: ${pack.stderr}`);
  return (JSON.parse(pack.stdout) as PackResult[])[0] as PackResult;
}

/** `npm pack` of this project into a folder, in turn with the other packs (the bench's; tests share packedTarball's). */
export function packProject(destination: string): Promise<PackResult> {
  return oneAtATime(() => packNow(destination));
}

/** What `npm pack` would tar from the tree as it is, without compiling: to be called in turn (oneAtATime). */
const dryRunListing = (): Promise<ProcessResult> =>
  commandToExit('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PROJECT_ROOT });

/** `npm pack --dry-run`'s listing, taken in turn with the packs: one pack's compiled files are not the package's sources. */
export function packListing(): Promise<ProcessResult> {
  return oneAtATime(dryRunListing);
}

export interface PackedTarball extends PackResult {
  /** The tarball's path: read it, never change or remove it (the other tests of the run are handed the same file). */
  path: string;
}

/**
 * What `npm pack` would pack from the tree now, and what it compiles that from: the digest of the
 * sources' tarball (the dry-run's integrity: every packed file's path, mode and bytes), the build's
 * settings and the locked compiler.
 */
async function treeKey(): Promise<string> {
  const listing = await dryRunListing();
  if (listing.code !== 0) throw new Error(`npm pack --dry-run exited ${listing.code}: ${listing.stderr}`);
  const { integrity } = (JSON.parse(listing.stdout) as Array<{ integrity: string }>)[0] as { integrity: string };
  return contentKey([integrity, { file: join(PROJECT_ROOT, 'tsconfig.build.json') }, { file: join(PROJECT_ROOT, 'package-lock.json') }]);
}

/**
 * The tarball `npm pack` makes of this tree, packed once per test run and handed to every test that
 * installs it (the registry install, the packed package, the runner image): the first to ask packs,
 * the others wait their turn and are handed the same file while the tree is the same
 * (test/support/sharedBuild.ts). The tree's key and the pack are taken in one turn.
 */
export function packedTarball(): Promise<PackedTarball> {
  return oneAtATime(() =>
    sharedBuild<PackedTarball>({
      name: 'tarball',
      key: treeKey,
      make: async (folder) => {
        const packed = await packNow(folder);
        return { ...packed, path: join(folder, packed.filename) };
      },
      stillThere: async (recorded) => existsSync(recorded.path),
    }),
  );
}

const PACK_LOCK = join(tmpdir(), `bac-pack-${PROJECT_ROOT.replace(/\W/g, '_')}.lock`);

/**
 * npm packs this tree one pack at a time: prepack compiles into the tree and postpack removes what it
 * compiled (package.json), so a second pack at once would tar files the first is removing.
 */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  return holdingLock(PACK_LOCK, work);
}

/** The end of a command's output, enough to see why it failed. */
export const shown = (ran: ProcessResult): string => `${ran.stdout.slice(-3000)}\n${ran.stderr.slice(-2000)}`;

export interface StartedEmulator {
  process: ChildProcess;
  url: string;
  depositProductId: string;
  accountId: string;
}

/** `npx <args>` starting the emulator in a project (`--port 0` among the args), once its banner names its URL and fixtures. */
export async function startEmulatorWith(npxArgs: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<StartedEmulator> {
  // Its own process group: npx runs the emulator as a child, and stopping it must end both.
  const started = spawn('npx', npxArgs, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const banner = await new Promise<string>((resolve, reject) => {
    let text = '';
    started.stdout.on('data', (chunk) => {
      text += chunk;
      if (/account \S+/.test(text)) resolve(text);
    });
    started.on('exit', (code) => reject(new Error(`npx ${npxArgs.join(' ')} exited ${code}: ${text}`)));
  });
  const url = /listening on (http:\/\/\S+)/.exec(banner)?.[1] as string;
  const [, product, account] = /deposit product (\S+), account (\S+)/.exec(banner) as RegExpExecArray;
  return { process: started, url, depositProductId: (product as string).replace(/,$/, ''), accountId: account as string };
}

/** Ends a process started in its own group (`detached`) with everything it started, once it has exited. */
export function stopGroup(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return Promise.resolve(); // Already gone.
  }
  return exited;
}
