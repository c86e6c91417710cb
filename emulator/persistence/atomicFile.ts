import { closeSync, fsyncSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

// A file is replaced whole or not at all: the text goes to a temporary file in the
// same directory, is flushed to disk, and is renamed over the old one (a rename
// within a directory is atomic); the directory is flushed so the rename lasts.
// A reader after a kill -9 at any moment finds the old file or the new one, never
// a half-written one; a leftover temporary file is ignored (see TEMPORARY_SUFFIX).

export const TEMPORARY_SUFFIX = '.partial';

export function writeFileAtomically(path: string, text: string): void {
  const temporary = `${path}${TEMPORARY_SUFFIX}`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
  syncDirectory(dirname(path));
}

export function syncDirectory(directory: string): void {
  const fd = openSync(directory, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
