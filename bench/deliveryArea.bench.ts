import { startEmulator } from '../emulator/emulator.ts';
import { runScenarios } from '../test/support/runScenarios.ts';
import { deliveryScenarios } from '../suites/delivery/index.ts';
import { reportGoal } from './benchGoals.ts';

// Benchmark: the whole delivery area (retries, Fibonacci backoff up to the 1-hour
// cap, bursts) against the in-process emulator within 30 s, thanks to the
// virtual clock.

const BUDGET_MS = 30_000;

const emulator = await startEmulator();
try {
  const started = performance.now();
  const records = await runScenarios(deliveryScenarios, { baseUrl: emulator.url(), seed: Number(process.env.BENCH_SEED ?? 1) });
  const ms = Math.round(performance.now() - started);
  const failing = records.filter((record) => record.outcome === 'FAIL' || record.outcome === 'UNTESTABLE').length;
  reportGoal({
    name: 'delivery area',
    figure: `${deliveryScenarios.length} scenarios, ${records.length} checks in ${ms} ms, ${failing} failing`,
    goal: `within ${BUDGET_MS} ms, nothing failing`,
    met: ms <= BUDGET_MS && failing === 0,
  });
} finally {
  await emulator.close();
}
