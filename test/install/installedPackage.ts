import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { commandToExit, type ProcessResult } from '../support/childProcess.ts';

// The package as a user gets it, shared by the install tests: the tarball `npm pack`
// makes, and the emulator that `npx banking-api-emulator` starts from a project
// that installed it.

export interface PackResult {
  name: string;
  version: string;
  filename: string;
  size: number;
  unpackedSize: number;
  files: Array<{ path: string }>;
}

/** `npm pack` of this project into a folder; throws with npm's own words when it fails. */
export async function packProject(destination: string): Promise<PackResult> {
  const pack = await oneAtATime(() => commandToExit('npm', ['pack', '--json', '--pack-destination', destination], { cwd: PROJECT_ROOT }));
  if (pack.code !== 0) throw new Error(`npm pack exited ${pack.code}: ${pack.stderr}`);
  return (JSON.parse(pack.stdout) as PackResult[])[0] as PackResult;
}

/** `npm pack --dry-run`'s listing, taken in turn with the packs: one pack's compiled files are not the package's sources. */
export function packListing(): Promise<ProcessResult> {
  return oneAtATime(() => commandToExit('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: PROJECT_ROOT }));
}

const PACK_LOCK = join(tmpdir(), `bac-pack-${PROJECT_ROOT.replace(/\W/g, '_')}.lock`);
/** A lock left by a pack that was killed: no pack takes this long. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * npm packs this tree one pack at a time: prepack compiles into the tree and postpack removes what it
 * compiled (package.json), so a second pack at once would tar files the first is removing.
 */
async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(PACK_LOCK);
      break;
    } catch {
      const since = Date.now() - (statSync(PACK_LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (since > STALE_LOCK_MS) rmSync(PACK_LOCK, { recursive: true, force: true });
      else await sleep(500);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(PACK_LOCK, { recursive: true, force: true });
  }
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
