import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { call } from './emulatorClient.ts';
import { type EmulatorProcess, startEmulatorProcess } from './emulatorProcess.ts';

// Emulator processes on a state directory (--state DIR), restarted and killed as
// a developer's would be. Every process and directory a test made is gone after it.

export interface PersistentEmulators {
  /** A new empty state directory. */
  directory(): string;
  /** Starts the standalone emulator on DIR (and any other flags and environment variables). */
  start(directory: string, args?: string[], env?: Record<string, string>): Promise<EmulatorProcess>;
  /** kill -9: no chance to write anything more. Resolves once it is gone. */
  kill(emulator: EmulatorProcess): Promise<void>;
  /** SIGTERM, as Ctrl-C or a container stop: resolves once it has exited. */
  stop(emulator: EmulatorProcess): Promise<void>;
}

function exited(emulator: EmulatorProcess, signal: NodeJS.Signals): Promise<void> {
  const { child } = emulator;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

export function persistentEmulators(): PersistentEmulators {
  const directories: string[] = [];
  const running: EmulatorProcess[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((emulator) => exited(emulator, 'SIGKILL')));
    for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
  });
  return {
    directory() {
      const directory = mkdtempSync(join(tmpdir(), 'emulator-state-'));
      directories.push(directory);
      return directory;
    },
    async start(directory, args = [], env = {}) {
      const emulator = await startEmulatorProcess(['--state', directory, ...args], env);
      running.push(emulator);
      return emulator;
    },
    kill: (emulator) => exited(emulator, 'SIGKILL'),
    stop: (emulator) => exited(emulator, 'SIGTERM'),
  };
}

/** A token with every scope, minted on the emulator. */
export async function mintToken(url: string): Promise<string> {
  return (await call(url, 'POST', '/_emulator/tokens', { body: {}, contentType: 'application/json' })).body.token as string;
}
