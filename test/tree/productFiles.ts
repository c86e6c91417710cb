import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';

// The files the tree tests read: what git knows (tracked, or new and not ignored), and of
// those the code (.ts .mts .js .mjs, no declarations) outside the folders a test sets aside.

const CODE = /\.(?:[cm]?ts|[cm]?js)$/;

/** Tracked or new files that are there (one deleted but still in the index is not). */
export const knownFiles = (): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: PROJECT_ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((path) => path !== '' && existsSync(join(PROJECT_ROOT, path)));

/** The code files outside these folders (each with why it is set aside, for the reader of the test). */
export function codeFilesOutside(folders: ReadonlyArray<readonly [folder: string, why: string]>): string[] {
  return knownFiles()
    .filter((path) => CODE.test(path) && !path.endsWith('.d.ts'))
    .filter((path) => !folders.some(([folder]) => path.startsWith(folder)));
}
