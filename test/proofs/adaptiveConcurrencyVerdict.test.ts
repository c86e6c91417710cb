import { expect, test } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createEmulator } from '../../emulator/emulator.ts';
import { isControlPath } from '../../emulator/core/area.ts';
import type { CheckRecord } from '../../harness/records/checkRecords.ts';
import type { ConcurrencySetting } from '../../harness/targetIO/concurrency.ts';
import type { ScenarioResult } from '../../target/targetSubject.ts';
import { runScenarios } from '../support/runScenarios.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';
import { worstById } from '../support/emulatorRuns.ts';

// `--concurrency auto` against a target that answers every Nth call 429 and
// states its limits in its manifest: the limit backs off and never exceeds the
// stated concurrency, nor do the calls in flight, the calls a second
// stay within the stated rate (both counted at the target), and every requirement
// is judged as `--concurrency 1` judges it with the same seed.

const CEILING = 3;
const REQUESTS_PER_SECOND = 100;
const SEED = 20261127;
/** Retry-After: 0, so the 429s cost the run nothing but the back-off. */
const RATE_LIMIT = { every: 20, retryAfterSeconds: 0 };
const scenarios = [...SCENARIOS_BY_AREA.webhooks, ...SCENARIOS_BY_AREA['positive-pay']];

interface Observed {
  records: CheckRecord[];
  results: ScenarioResult[];
  /** The most documented calls the target was answering at once. */
  callsAtOnce: number;
  /** When each documented call reached the target (performance.now()). */
  arrivals: number[];
}

async function runAgainstRateLimited(concurrency: ConcurrencySetting): Promise<Observed> {
  const emulator = await createEmulator({ rateLimit: RATE_LIMIT });
  let inFlight = 0;
  let callsAtOnce = 0;
  const arrivals: number[] = [];
  emulator.app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (isControlPath(request.url ?? '')) return;
    arrivals.push(performance.now());
    inFlight += 1;
    callsAtOnce = Math.max(callsAtOnce, inFlight);
    response.once('close', () => (inFlight -= 1));
  });
  await emulator.listen();
  const results: ScenarioResult[] = [];
  try {
    const records = await runScenarios(scenarios, {
      baseUrl: emulator.url(),
      manifest: { rateLimit: { concurrency: CEILING, requestsPerSecond: REQUESTS_PER_SECOND } },
      seed: SEED,
      concurrency,
      onResult: (result) => results.push(result),
    });
    return { records, results, callsAtOnce, arrivals };
  } finally {
    await emulator.close();
  }
}

/** The most calls that reached the target within one second. */
function busiestSecond(arrivals: readonly number[], windowMs = 1000): number {
  let most = 0;
  for (let first = 0, last = 0; last < arrivals.length; last += 1) {
    while (arrivals[last]! - arrivals[first]! >= windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

test(`auto backs off under 429s, stays within the manifest's ${CEILING} at once and ${REQUESTS_PER_SECOND} a second, and judges as --concurrency 1 does`, async () => {
  const auto = await runAgainstRateLimited('auto');
  const serial = await runAgainstRateLimited(1);

  const throttled = auto.results.reduce((sum, result) => sum + result.throttling.tooManyRequests, 0);
  expect(throttled).toBeGreaterThan(0);
  const last = auto.results.reduce((latest, result) =>
    result.startedMs + result.durationMs > latest.startedMs + latest.durationMs ? result : latest,
  );
  const use = last.metrics.concurrency;
  expect(use.start).toBe(CEILING);
  expect(use.min, 'the limit never came down after a 429').toBeLessThan(use.start);
  expect(use.peak).toBeLessThanOrEqual(CEILING);

  // The limit counts scenarios while their bodies run (their cleanup runs beside the next ones:
  // test/harness/engine/cleanupBeside.test.ts); what the target sees of them all is their calls.
  expect(auto.callsAtOnce).toBeLessThanOrEqual(CEILING);
  // Calls sent a second apart (test/harness/targetIO/callRateWindow.test.ts) may reach the target a little
  // closer: the loop that reads them is this process's own, and it is busy. Ignoring the rate, this
  // run sent about four times as many.
  expect(busiestSecond(auto.arrivals)).toBeLessThanOrEqual(REQUESTS_PER_SECOND * 1.1);

  const autoOutcomes = Object.fromEntries(worstById(auto.records));
  expect(Object.keys(autoOutcomes).length).toBeGreaterThan(20);
  expect(autoOutcomes).toEqual(Object.fromEntries(worstById(serial.records)));
}, 240_000);
