import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { createEmulator, type Emulator, startEmulator } from '../emulator/emulator.ts';
import { benchSize, median, reportGoal } from './benchGoals.ts';

// What --state DIR and named snapshots cost with many events held
// (docs/emulator-state.md): how much longer a write takes than in memory (it is
// flushed to disk before it is answered), how fast a named snapshot is saved and
// restored (a test suite resets between tests), and how long a restart takes to
// read the store back.

const WRITE_OVERHEAD_GOAL_MS = 25;
const SNAPSHOT_GOAL_MS = 250;
const LOAD_GOAL_US_PER_EVENT = 40;
const PER_REQUEST = 10_000;
const SAMPLES = 30;
const count = benchSize('emulator state', 100_000, 1_000_000, (events) => `${events.toLocaleString('en')} events`);

async function post(emulator: Emulator, path: string, body: unknown): Promise<number> {
  const at = performance.now();
  const answer = await request(`${emulator.url()}/_emulator${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await answer.body.dump();
  if (answer.statusCode >= 300) throw new Error(`POST /_emulator${path} answered ${answer.statusCode}`);
  return performance.now() - at;
}

async function medianWrite(emulator: Emulator): Promise<number> {
  const times: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample += 1) times.push(await post(emulator, '/events', { type: 'customer.created' }));
  return median(times);
}

const directory = mkdtempSync(join(tmpdir(), 'emulator-state-bench-'));
const inMemory = await startEmulator();
/** Room for the writes measured after the bulk (the default limit is a million). */
const options = { state: directory, limits: { storedEvents: count + PER_REQUEST } };
let kept = await startEmulator(options);
try {
  for (let injected = 0; injected < count; injected += PER_REQUEST)
    await post(kept, '/events', { type: 'account.created', count: PER_REQUEST });
  const memoryWrite = await medianWrite(inMemory);
  const keptWrite = await medianWrite(kept);
  reportGoal({
    name: `a write with --state, ${count.toLocaleString('en')} events held`,
    figure: `${keptWrite.toFixed(1)} ms median (+${(keptWrite - memoryWrite).toFixed(1)} ms)`,
    baseline: `in memory ${memoryWrite.toFixed(1)} ms`,
    goal: `≤ +${WRITE_OVERHEAD_GOAL_MS} ms`,
    met: keptWrite - memoryWrite <= WRITE_OVERHEAD_GOAL_MS,
  });

  const saves: number[] = [];
  const restores: number[] = [];
  await post(kept, '/snapshots', { name: 'bench' });
  for (let sample = 0; sample < SAMPLES; sample += 1) {
    await post(kept, '/events', { type: 'customer.created', count: 10 });
    restores.push(await post(kept, '/snapshots/restore', { name: 'bench' }));
    saves.push(await post(kept, '/snapshots', { name: 'bench' }));
  }
  for (const [what, times] of [
    ['save', saves],
    ['restore', restores],
  ] as const)
    reportGoal({
      name: `a named snapshot's ${what} with --state, ${count.toLocaleString('en')} events held`,
      figure: `${median(times).toFixed(1)} ms median`,
      goal: `≤ ${SNAPSHOT_GOAL_MS} ms`,
      met: median(times) <= SNAPSHOT_GOAL_MS,
    });

  await kept.close();
  const started = performance.now();
  kept = await createEmulator(options);
  const perEvent = ((performance.now() - started) * 1000) / count;
  reportGoal({
    name: `reading ${count.toLocaleString('en')} events back at start`,
    figure: `${((perEvent * count) / 1e6).toFixed(1)} s (${perEvent.toFixed(1)} µs per event)`,
    goal: `≤ ${LOAD_GOAL_US_PER_EVENT} µs per event`,
    met: perEvent <= LOAD_GOAL_US_PER_EVENT,
  });
} finally {
  await Promise.all([inMemory.close(), kept.close()]);
  rmSync(directory, { recursive: true, force: true });
}
