import { join } from 'node:path';
import { expect, test } from 'vitest';
import { webhookFootprintLine } from '../../cli/summaryPrinter.ts';
import { readResults } from '../../verdict/resultsFile.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';

// The run's webhooks get a line only when a user can do something about them: the
// target's limit was full and the run waited, or the heavy probe filled the limit
// of a target the run did not start. On the embedded emulator, which stops with
// the run, the heavy probe passing the budget is nobody's concern.

const fixture = (): ResultsDocument => readResults(join(import.meta.dirname, '../../fixtures/reports/results-with-failures.json'));

test('the webhooks line: silent within the budget and on a target the run started, actionable otherwise', () => {
  const heavy = { peakHeld: 100, budget: 10, limitWaits: 0, limitWaitedMs: 0 };
  const within = { ...fixture(), webhookFootprint: { ...heavy, peakHeld: 7 } };
  expect(webhookFootprintLine(within)).toBeUndefined();

  const embedded = { ...fixture(), webhookFootprint: heavy, requestReplay: { targetStopped: 'embedded emulator' as const } };
  expect(webhookFootprintLine(embedded)).toBeUndefined();

  const shared = { ...fixture(), webhookFootprint: heavy, requestReplay: {} };
  expect(webhookFootprintLine(shared)).toBe(
    `Webhooks: the heavy probe filled the target's limit of Enabled webhooks (100 of the run's own at once, disabled after) and the rest of the run kept to 10: on a sandbox others share, leave heavy probes off (--heavy-probes, "heavyProbes" in the manifest)`,
  );

  const waited = { ...fixture(), webhookFootprint: { peakHeld: 10, budget: 10, limitWaits: 3, limitWaitedMs: 42_400 } };
  expect(webhookFootprintLine(waited)).toBe(
    `Webhooks: the target's limit of Enabled webhooks was full 3 time(s) and the run waited 42 s in all for a place: disable the webhooks you no longer need on it`,
  );
});
