import { accessSync, constants, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Where vitest keeps the modules it has compiled (the suites, the harness) between runs of the
// project's own tests and `npx vitest --project conformance` (vitest.config.ts,
// `experimental.fsModuleCache`, keyed by their content and vitest's own configuration). Only in
// a folder that can be written. No command of the package loads vitest (issue 41), so none needs it.

const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The first of these folders that exists or can be made, and can be written; undefined when none. */
export function firstWritableDirectory(candidates: readonly string[]): string | undefined {
  for (const candidate of candidates) {
    try {
      mkdirSync(candidate, { recursive: true });
      accessSync(candidate, constants.W_OK);
      return candidate;
    } catch {
      // Not here: the next place, or no cache.
    }
  }
  return undefined;
}

/** The project's own node_modules, else the system's temporary folder (one per user), else no cache. */
export function moduleCacheDirectory(): string | undefined {
  return firstWritableDirectory([
    join(PROJECT_ROOT, 'node_modules', '.vitest-module-cache'),
    join(tmpdir(), `banking-api-conformance-modules-${process.getuid?.() ?? 'user'}`),
  ]);
}
