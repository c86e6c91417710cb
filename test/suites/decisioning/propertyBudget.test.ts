import { expect, test } from 'vitest';
import { generatedCaseCount, GENERATED_SCENARIOS } from '../../support/generatedCases.ts';
import { runAgainstEmulator } from '../../support/emulatorRuns.ts';

// The property and lifecycle runs drive at least 500 generated cases, every one
// compared with the model (their time budget is measured in bench/).

test('the property and lifecycle runs drive at least 500 generated cases', async () => {
  const records = await runAgainstEmulator(GENERATED_SCENARIOS);
  expect(generatedCaseCount(records)).toBeGreaterThanOrEqual(500);
});
