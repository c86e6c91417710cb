import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';

// What several test files build once per `vitest run` and share (issue 44): the packed tarball
// (test/distribution/install/installedPackage.ts) and the images (test/distribution/images/dockerForTests.ts). vitest runs
// files in several workers, so the sharing is through files: each build is recorded in the folder the
// global set-up provides (test/support/sharedBuildsFolder.ts) under its name and the key of the content
// it was made from; whoever asks holds that build's lock, computes the key from the content as it is now,
// and reuses the record when the key matches, or makes it and records it. An edited tree gives another
// key, so what was built from an older tree is never handed out. Without the set-up (a config without
// it) each worker keeps its own folder.

let ownFolder: string | undefined;

/** This run's folder of shared builds. */
export function sharedBuildsFolder(): string {
  return inject('sharedBuildsFolder') ?? (ownFolder ??= mkdtempSync(join(tmpdir(), 'bac-shared-builds-')));
}

/** A lock whose owner wrote no pid this long after taking it was left by a process that died at once. */
const PIDLESS_LOCK_MS = 10_000;
const POLL_MS = 500;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the lock folder was left by a process that is gone (it is taken over then). */
function abandoned(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
  } catch {
    const since = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    return since > PIDLESS_LOCK_MS;
  }
  return !alive(pid);
}

/**
 * `work` run while this process holds the lock (a folder): one holder at a time across vitest's workers
 * and across projects that name the same lock. A lock whose holder died is taken over.
 */
export async function holdingLock<T>(lock: string, work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (abandoned(lock)) rmSync(lock, { recursive: true, force: true });
      else await sleep(POLL_MS);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** A short digest of what a build is made from: texts, or files read now. */
export function contentKey(parts: ReadonlyArray<string | { file: string }>): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part) : readFileSync(part.file);
    hash.update(`${bytes.length}:`).update(bytes);
  }
  return hash.digest('hex').slice(0, 24);
}

/** The files under a folder (recursively) as key parts, in a fixed order, each named by its place. */
export function folderParts(folder: string): Array<string | { file: string }> {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
    .flatMap((file) => [file.slice(folder.length), { file }]);
}

export interface SharedBuild<T> {
  /** Names the build and its lock in the run's folder. */
  name: string;
  /** Made while holding the build's lock: the key of the content as it is now. */
  key: () => Promise<string>;
  /** Makes the build in a folder of its own (kept for the run) and returns what the others will be handed. */
  make: (folder: string) => Promise<T>;
  /** Whether a recorded build is still there to use (an image can be removed or retagged meanwhile). */
  stillThere?: (recorded: T) => Promise<boolean>;
}

/** The build recorded in this run for the content's key, or one made now and recorded for the next to ask. */
export function sharedBuild<T>(build: SharedBuild<T>): Promise<T> {
  const folder = sharedBuildsFolder();
  return holdingLock(join(folder, `${build.name}.lock`), async () => {
    const key = await build.key();
    const record = join(folder, `${build.name}-${key}.json`);
    if (existsSync(record)) {
      const recorded = JSON.parse(readFileSync(record, 'utf8')) as T;
      if (!build.stillThere || (await build.stillThere(recorded))) return recorded;
    }
    const place = join(folder, `${build.name}-${key}`);
    rmSync(place, { recursive: true, force: true });
    mkdirSync(place);
    const started = performance.now();
    const made = await build.make(place);
    writeFileSync(record, JSON.stringify(made));
    // Once per build and run: a second line for one name says the content changed during the run.
    console.log(`${build.name} made for this run in ${((performance.now() - started) / 1000).toFixed(1)} s (content ${key})`);
    return made;
  });
}
