import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { LOCK_FILE } from '../../../emulator/persistence/stateLock.ts';
import { persistentEmulators } from '../persistentEmulator.ts';

// Two emulators started at once on a directory whose lock a dead process left:
// exactly one takes it over, the other is refused naming the one that did.

const emulators = persistentEmulators();

test('of two emulators taking over a stale lock at once, one gets it and the other is refused', async () => {
  const directory = emulators.directory();
  const gone = spawnSync(process.execPath, ['-e', '']).pid;
  writeFileSync(join(directory, LOCK_FILE), JSON.stringify({ pid: gone, command: 'banking-api-emulator --state x', startedAt: 'then' }));

  const outcomes = await Promise.allSettled([emulators.start(directory), emulators.start(directory)]);
  const started = outcomes.filter((outcome) => outcome.status === 'fulfilled');
  const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
  expect(started).toHaveLength(1);
  expect(refused).toHaveLength(1);
  const winner = (started[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof emulators.start>>>).value;
  expect(String((refused[0] as PromiseRejectedResult).reason)).toContain(`is in use by another emulator (pid ${winner.child.pid},`);
});
