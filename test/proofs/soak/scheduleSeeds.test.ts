import { expect, test } from 'vitest';
import { startEmulator } from '../../../emulator/emulator.ts';
import type { RateLimitOptions } from '../../../emulator/realism/rateLimit.ts';
import type { ConcurrencySetting } from '../../../harness/targetIO/concurrency.ts';
import { runScenarios } from '../../support/runScenarios.ts';
import { ALL_SCENARIOS, problems } from '../../support/emulatorRuns.ts';

// The verdict never depends on the schedule: the whole suite against an
// emulator started once and kept running (as a user certifying an emulator starts
// it), run after run, each time with the run seed of the report that found the
// clock race (1933787282) and another schedule seed (start order, pauses between
// calls). Ten schedule seeds, every verdict CONFORMANT. Two emulators, five
// runs each, go side by side: the machine is busy, as CI's is. The second runs
// at `--concurrency auto` and answers every 20th call 429, so that the limit
// moves all through its runs (harness/targetIO/adaptiveConcurrency.ts).

const RUN_SEED = 1933787282;
const LANES: Lane[] = [
  { scheduleSeeds: [1, 2, 3, 4, 5] },
  { scheduleSeeds: [6, 7, 8, 9, 10], concurrency: 'auto', rateLimit: { every: 20, retryAfterSeconds: 0 } },
];

interface Lane {
  scheduleSeeds: number[];
  concurrency?: ConcurrencySetting;
  rateLimit?: RateLimitOptions;
}

async function lane({ scheduleSeeds, concurrency, rateLimit }: Lane): Promise<string[]> {
  const emulator = await startEmulator(rateLimit ? { rateLimit } : {});
  const found: string[] = [];
  try {
    for (const scheduleSeed of scheduleSeeds) {
      const records = await runScenarios(ALL_SCENARIOS, {
        baseUrl: emulator.url(),
        seed: RUN_SEED,
        scheduleSeed,
        ...(concurrency !== undefined ? { concurrency } : {}),
      });
      const run = `--seed ${RUN_SEED} --schedule-seed ${scheduleSeed}${concurrency !== undefined ? ` --concurrency ${concurrency}` : ''}`;
      found.push(...problems(records).map((problem) => `${run}: ${problem}`));
    }
  } finally {
    await emulator.close();
  }
  return found;
}

test(`the whole suite under ${LANES.flatMap((each) => each.scheduleSeeds).length} schedule seeds against a long-running emulator: every verdict CONFORMANT`, async () => {
  const found = (await Promise.all(LANES.map(lane))).flat();
  expect(found.join('\n')).toBe('');
}, 900_000);
