import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createEmulator, type Emulator } from '../../../emulator/emulator.ts';
import type { EventStore } from '../../../emulator/events/eventStore.ts';
import { EVENT_LOG, STATE_FILE } from '../../../emulator/persistence/stateDirectory.ts';

// What a kill -9 can leave in a state directory besides the last state: a
// half-written replacement of state.json (its temporary file) and events
// appended to the log whose state.json was never written, the last line torn.
// None of it is read: the store is the one state.json describes, and the
// events written after it take the ids of the ones cut off.

let directory = '';
const running: Emulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()));
  rmSync(directory, { recursive: true, force: true });
});

async function open(): Promise<Emulator> {
  const emulator = await createEmulator({ state: directory });
  running.push(emulator);
  return emulator;
}

test('a torn state.json replacement and a log beyond the saved state are never read', async () => {
  directory = mkdtempSync(join(tmpdir(), 'emulator-state-'));
  const first = await open();
  first.state.events.publish({ type: 'customer.created' });
  await first.close();
  const saved = readFileSync(join(directory, STATE_FILE), 'utf8');
  writeFileSync(join(directory, `${STATE_FILE}.partial`), saved.slice(0, saved.length / 2));
  appendFileSync(join(directory, EVENT_LOG), '[2,0,"customer.created",0]\t{}\t\n[3,0,"cus');

  const second = await open();
  expect(second.stateLoaded).toBe(true);
  const events = second.state.events as EventStore;
  expect(events.size()).toBe(1);
  const next = events.publish({ type: 'customer.created' });
  expect(next.id).toBe('2');
  expect(events.get('2')?.json).toBe(next.json);
});
