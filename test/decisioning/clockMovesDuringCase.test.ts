import { expect, test } from 'vitest';
import { startEmulator } from '../../emulator/emulator.ts';
import { runScenarios } from '../../harness/scenarioRunner.ts';
import { decisioningScenarios } from '../../suites/decisioning/index.ts';

// DC-PROPERTY-DRAWDOWN once failed on a correct target: "PUT /positive-pay/{id}/documents
// answered 409" for a rule created with expiresInDays: 1. The target's clock is shared:
// another scenario (the lifecycle run advances it a day at a time) moved it past the
// rule's expirationDate between the create and the upload, and the case judged the upload
// and the decisions by the day it was set up on. Here the clock jumps a day every 15 ms
// while the drawdown property runs (with the run seed of that failure), behind occasional
// 429s whose Retry-After is an HTTP date: the property still agrees with the model. Before
// the fix this run failed with that very 409; how often the clock lands between a create
// and its upload varies with load, but the verdict must not.

const DAY_MS = 86_400_000;

test('the drawdown property holds while the shared clock moves on under it', async () => {
  const emulator = await startEmulator({ faults: ['retry-after-http-date'] });
  const jumps = setInterval(() => emulator.state.clock.advance(DAY_MS), 15);
  try {
    const drawdown = decisioningScenarios.filter((scenario) => scenario.id === 'decisioning/property/drawdown');
    const records = await runScenarios(drawdown, { baseUrl: emulator.url(), manifest: { environment: 'sandbox' }, seed: 1147980803 });
    const verdicts = records.filter((record) => record.requirementId === 'DC-PROPERTY-DRAWDOWN');
    expect(verdicts.map((record) => `${record.outcome}: ${record.message}`)).toEqual([expect.stringMatching(/^PASS/)]);
  } finally {
    clearInterval(jumps);
    await emulator.close();
  }
}, 120_000);
