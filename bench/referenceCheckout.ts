import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, realpathSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// "Today's" figures for issue 34's goals, measured in the same bench run as the tree's own:
// a checkout of the reference commit beside the working tree, in the system's temporary
// folder (never inside the repository, where the project's tests would find a second copy
// of every file), with the project's node_modules linked in, and removed afterwards
// whatever happens, a failed measure or Ctrl-C included.

/** main before issue 34's engine work: the commit whose CPU time and import graph the goals compare with. */
export const REFERENCE_COMMIT = 'd2adb95';

export const PROJECT_ROOT = realpathSync(fileURLToPath(new URL('..', import.meta.url)));

const git = (...args: string[]): string => execFileSync('git', args, { cwd: PROJECT_ROOT, encoding: 'utf8', stdio: 'pipe' });

/** Why the reference commit cannot be checked out here, or undefined when it can. */
function unavailable(): string | undefined {
  try {
    git('cat-file', '-e', `${REFERENCE_COMMIT}^{commit}`);
    return undefined;
  } catch {
    try {
      if (git('rev-parse', '--is-shallow-repository').trim() === 'true') return `a shallow clone without ${REFERENCE_COMMIT}`;
      return `${REFERENCE_COMMIT} is not in this repository`;
    } catch {
      return 'not a git checkout';
    }
  }
}

/**
 * Runs `work` in a checkout of REFERENCE_COMMIT and removes the checkout after it. When the
 * commit cannot be checked out, `work` does not run and the answer is the reason.
 */
export async function inReferenceCheckout<T>(work: (checkout: string) => Promise<T>): Promise<{ done: T } | { notMeasured: string }> {
  const reason = unavailable();
  if (reason) return { notMeasured: reason };
  const folder = mkdtempSync(join(realpathSync(tmpdir()), 'bench-reference-'));
  const inside = relative(PROJECT_ROOT, folder);
  if (!inside.startsWith('..') && !isAbsolute(inside)) {
    rmSync(folder, { recursive: true, force: true });
    return { notMeasured: `the temporary folder ${folder} lies inside the repository` };
  }
  const checkout = join(folder, 'checkout');
  const removeCheckout = (): void => {
    // The link first: removing the checkout must never reach into the project's node_modules.
    const link = join(checkout, 'node_modules');
    if (existsSync(link) && lstatSync(link).isSymbolicLink()) unlinkSync(link);
    try {
      git('worktree', 'remove', '--force', checkout);
    } catch {
      // Half made, or already gone: forget it in git's list either way.
      rmSync(folder, { recursive: true, force: true });
      git('worktree', 'prune');
    }
    rmSync(folder, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    removeCheckout();
    process.kill(process.pid, signal);
  };
  process.once('SIGINT', onSignal).once('SIGTERM', onSignal);
  try {
    git('worktree', 'add', '--detach', checkout, REFERENCE_COMMIT);
    symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(checkout, 'node_modules'), 'dir');
    return { done: await work(checkout) };
  } finally {
    process.off('SIGINT', onSignal).off('SIGTERM', onSignal);
    removeCheckout();
  }
}
