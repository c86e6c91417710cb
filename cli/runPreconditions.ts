import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { SetupError } from '../harness/target/targetManifest.ts';

// What a run needs from the file system, checked before it starts rather than
// discovered after every scenario has run: the baseline can be read, and the
// report directory can be written.

export interface RunFiles {
  reportDir: string;
  baseline?: string;
}

const reason = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

export function assertRunFilesUsable(files: RunFiles): void {
  if (files.baseline !== undefined) {
    try {
      accessSync(files.baseline, constants.R_OK);
      if (!statSync(files.baseline).isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
    } catch (error) {
      throw new SetupError(
        `--baseline ${files.baseline} cannot be read (${reason(error)}): give the path of an expected-failures YAML file`,
        { cause: error },
      );
    }
  }
  try {
    mkdirSync(files.reportDir, { recursive: true });
    accessSync(files.reportDir, constants.W_OK);
  } catch (error) {
    throw new SetupError(`--report-dir ${files.reportDir} cannot be written (${reason(error)}): choose a directory you can write to`, {
      cause: error,
    });
  }
}
