import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/emulator.ts';
import type { RateLimitOptions } from '../../emulator/realism/rateLimit.ts';
import type { ConcurrencySetting } from '../../harness/targetIO/concurrency.ts';
import type { CheckRecord } from '../../harness/records/checkRecords.ts';
import { ControlClient } from '../../harness/targetIO/controlClient.ts';
import type { Scenario } from '../../harness/engine/scenario.ts';
import type { ScenarioResult } from '../../target/targetSubject.ts';
import { runScenarios } from '../support/runScenarios.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';
import { problems } from '../support/emulatorRuns.ts';

// The schedule fuzzer finds a wrong declaration. The seeded fault (wronglyDeclared,
// built here): the decisioning case that moves the target clock four days on is
// declared a mere reader, and its moves go through a control client of its own, hidden
// from the guard, so the scheduler runs it beside cases that read today's date.
// Within SEEDS schedule seeds a case beside it must fail, and be reported as
// depending on the schedule (it passes when run again alone); with the
// declaration back, the same seeds pass. Both at a fixed concurrency and at
// `--concurrency auto` against a target that answers every 20th call 429, so
// that the limit moves while the scenarios run.

const FAULTY = 'decisioning/example/drawdown-expired-rule';
/**
 * The fault must be found within these schedule seeds. When this was written every one of seeds
 * 1–6 found it; since the expiry examples moved to ±2 days (a 4-day clock step), seed 5 is the
 * first that does, at both concurrencies. Ten keep a margin: each seed is a run of three cases.
 */
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const RUN_SEED = 1933787282;
const scenarios = SCENARIOS_BY_AREA.decisioning.filter((scenario) =>
  [FAULTY, 'decisioning/example/rule-expires-in-two-days', 'decisioning/example/rule-expired-two-days-ago'].includes(scenario.id),
);

/** Says it only reads the clock, and moves it past the guard. */
function wronglyDeclared(scenario: Scenario): Scenario {
  return {
    ...scenario,
    // Needing clockControl would declare the move: the emulator offers it all the same.
    needs: (scenario.needs ?? []).filter((capability) => capability !== 'clockControl'),
    reads: [...new Set([...(scenario.reads ?? []), 'clock' as const])],
    moves: (scenario.moves ?? []).filter((state) => state !== 'clock'),
    run: (context) => scenario.run({ ...context, control: new ControlClient(context.target) }),
  };
}

const SCHEDULES: Array<{ concurrency: ConcurrencySetting; rateLimit?: RateLimitOptions }> = [
  { concurrency: 4 },
  { concurrency: 'auto', rateLimit: { every: 20, retryAfterSeconds: 0 } },
];

describe.each(SCHEDULES)('at concurrency $concurrency, an undeclared clock mover', ({ concurrency, rateLimit }) => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startEmulator(rateLimit ? { rateLimit } : {});
  });
  afterAll(async () => {
    await emulator?.close();
  });

  async function fuzzed(scheduleSeed: number, fault: boolean): Promise<{ records: CheckRecord[]; dependent: string[] }> {
    const results: ScenarioResult[] = [];
    const declared = fault ? scenarios.map((scenario) => (scenario.id === FAULTY ? wronglyDeclared(scenario) : scenario)) : scenarios;
    const records = await runScenarios(declared, {
      baseUrl: emulator.url(),
      seed: RUN_SEED,
      scheduleSeed,
      concurrency,
      onResult: (result) => results.push(result),
    });
    return { records, dependent: results.filter((result) => result.dependsOnSchedule).map((result) => result.scenario.id) };
  }

  test(`is found within ${SEEDS.length} schedule seeds, as a failure that depends on the schedule`, async () => {
    let found: { seed: number; failures: string[]; dependent: string[] } | undefined;
    for (const seed of SEEDS) {
      const { records, dependent } = await fuzzed(seed, true);
      const failures = problems(records.filter((record) => record.itemId !== FAULTY));
      if (failures.length > 0) {
        found = { seed, failures, dependent };
        break;
      }
    }
    expect(found, 'no schedule seed made a case beside the undeclared mover fail').toBeDefined();
    expect(found?.failures.join('\n')).toMatch(/DC-EXPIRED-RULE-BLOCKS/);
    expect(found?.dependent.length).toBeGreaterThan(0);
  }, 240_000);

  test('with its declaration back, the same schedule seeds pass', async () => {
    for (const seed of SEEDS) expect(problems((await fuzzed(seed, false)).records), `schedule seed ${seed}`).toEqual([]);
  }, 240_000);
});
