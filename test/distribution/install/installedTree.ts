import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// What an install brought into a user's project, read from the lock npm writes into its
// node_modules, and what npm warned about while installing it.

interface LockedPackage {
  version?: string;
  link?: boolean;
}

/** `name@version` of a lock's entry at `path` (node_modules/a/node_modules/@scope/b → @scope/b). */
function packageId(path: string, locked: LockedPackage): string {
  return `${path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)}@${locked.version}`;
}

/**
 * Every package installed in `projectDir`, as `name@version`, one per folder (a package nested twice counts
 * twice); only those on disk: the lock also lists the optional ones npm skipped for another OS or CPU.
 */
export function installedPackages(projectDir: string): string[] {
  const lock = JSON.parse(readFileSync(join(projectDir, 'node_modules/.package-lock.json'), 'utf8')) as {
    packages: Record<string, LockedPackage>;
  };
  return Object.entries(lock.packages)
    .filter(([path, locked]) => path.startsWith('node_modules/') && !locked.link && existsSync(join(projectDir, path)))
    .map(([path, locked]) => packageId(path, locked));
}

export interface InstallWarnings {
  /** npm's EBADENGINE warnings, each line. */
  engine: string[];
  /** The packages npm named as having install scripts (npm 11's `install-scripts` warning). */
  installScripts: string[];
}

/** The warnings of an npm install's stderr that a user sees about the tree it resolved. */
export function installWarnings(stderr: string): InstallWarnings {
  const lines = stderr.split('\n');
  return {
    engine: lines.filter((line) => /EBADENGINE/.test(line)),
    installScripts: lines.flatMap((line) => /^npm warn install-scripts\s+(@?[^@\s]+)@\S+ \(/i.exec(line)?.slice(1, 2) ?? []),
  };
}
