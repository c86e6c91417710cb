import { expect, test } from 'vitest';
import { runAgainstEmulator } from '../../support/emulatorRuns.ts';
import { SCENARIOS_BY_AREA } from '../../../suites/scenarioIndex.ts';

// EV-POSITIVE-PAY-CANCELLED-PAYLOAD is OBSERVE (the catalogue leaves the payload open): the scenario
// finds the positivePay.cancelled event its cancel made and records the shape it carries, or says
// none was listed; against the emulator the event is there.

const scenario = SCENARIOS_BY_AREA.events.find((candidate) => candidate.id === 'events/positive-pay-cancelled-payload');

test('the positivePay.cancelled a cancel makes is found and its shape recorded', async () => {
  if (!scenario) throw new Error('events/positive-pay-cancelled-payload is gone from the events area');
  const records = await runAgainstEmulator([scenario]);
  const observed = records.filter((record) => record.requirementId === 'EV-POSITIVE-PAY-CANCELLED-PAYLOAD');
  expect(observed.map((record) => record.outcome)).toEqual(['OBSERVED']);
  expect(observed[0]?.message).toMatch(/^positivePay\.cancelled carries attributes \S/);
  expect(observed[0]?.message).toContain('"account":');
});
