import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { StateRefused } from './stateFormat.ts';

// One emulator per state directory: two would overwrite each other's state.json.
// The holder is named in DIR/emulator.lock (its pid and how it was started). The
// file is made complete under another name and linked into place, which fails
// when a lock is there, so no one ever reads half a lock. A lock whose pid is no
// longer running (a kill -9, a crash) holds nothing and is taken over; the
// holder removes its own on close and on exit.

export const LOCK_FILE = 'emulator.lock';

export interface LockHolder {
  pid: number;
  /** The command line it was started with, as a person would type it. */
  command: string;
  startedAt: string;
}

export interface StateLock {
  /** The holder of a lock left behind by a process that is gone, when this one replaced it. */
  takenOver?: LockHolder;
  release(): void;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return Number.isInteger(holder.pid) ? (holder as LockHolder) : undefined;
  } catch {
    return undefined;
  }
}

function thisProcess(): LockHolder {
  const [script = '', ...args] = process.argv.slice(1);
  return {
    pid: process.pid,
    command: [basename(script).replace(/\.m?[jt]s$/, ''), ...args].join(' '),
    startedAt: new Date().toISOString(),
  };
}

/**
 * Removes the lock of a holder that is gone, and only that one: it is first renamed to a name of this
 * process's own (atomic: of two processes taking over at once, one gets it). Were it meanwhile the lock
 * of another process that had just taken over, it is put back, and the loop finds that process running.
 */
function setAside(file: string, seen: LockHolder | undefined): boolean {
  const aside = `${file}.stale.${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const moved = readHolder(aside);
  if (moved?.pid !== seen?.pid || moved?.startedAt !== seen?.startedAt) {
    try {
      linkSync(aside, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    rmSync(aside, { force: true });
    return false;
  }
  rmSync(aside, { force: true });
  return true;
}

/** Takes DIR's lock, or refuses (StateRefused) naming the running process that holds it. */
export function lockStateDirectory(directory: string): StateLock {
  const file = join(directory, LOCK_FILE);
  const mine = thisProcess();
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, `${JSON.stringify(mine)}\n`);
  let takenOver: LockHolder | undefined;
  try {
    for (;;) {
      try {
        linkSync(draft, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = readHolder(file);
      if (holder && running(holder.pid))
        throw new StateRefused(
          `${directory} is in use by another emulator (pid ${holder.pid}, started ${holder.startedAt} as \`${holder.command}\`); stop it, or give another --state directory`,
        );
      if (setAside(file, holder)) takenOver = holder ?? { pid: 0, command: 'unknown (an unreadable lock)', startedAt: 'unknown' };
    }
  } finally {
    rmSync(draft, { force: true });
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { ...(takenOver ? { takenOver } : {}), release };
}
