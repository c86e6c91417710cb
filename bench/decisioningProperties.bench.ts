import { startEmulator } from '../emulator/emulator.ts';
import { runScenarios } from '../test/support/runScenarios.ts';
import { generatedCaseCount, GENERATED_SCENARIOS } from '../test/support/generatedCases.ts';
import { reportGoal } from './benchGoals.ts';

// Benchmark: the property and lifecycle runs of the decisioning area — at least
// 500 generated cases — against the in-process emulator, within 20 s.

const BUDGET_MS = 20_000;
const MIN_CASES = 500;

const emulator = await startEmulator();
try {
  const started = performance.now();
  const records = await runScenarios(GENERATED_SCENARIOS, { baseUrl: emulator.url(), seed: Number(process.env.BENCH_SEED ?? 1) });
  const ms = Math.round(performance.now() - started);
  const cases = generatedCaseCount(records);
  reportGoal({
    name: 'decisioning properties',
    figure: `${cases} generated cases in ${ms} ms`,
    goal: `≥ ${MIN_CASES} cases within ${BUDGET_MS} ms`,
    met: cases >= MIN_CASES && ms <= BUDGET_MS,
  });
} finally {
  await emulator.close();
}
