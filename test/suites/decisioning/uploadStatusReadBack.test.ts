import { expect, test } from 'vitest';
import { SCENARIOS_BY_AREA } from '../../../suites/scenarioIndex.ts';
import { problems, runAgainstEmulator, scenariosJudging } from '../../support/emulatorRuns.ts';

// The decisioning model reads a rule's status back from the target after an upload or a cancel
// (suites/decisioning/targetWorld.ts) instead of taking it from the 2xx: a target whose upload
// answers 2xx and leaves the drawdown rule AwaitingDocuments (the seeded fault upload-keeps-awaiting)
// fails PP-UPLOAD-ACTIVATES, the requirement it breaks, and no decisioning requirement, whose
// decisions it makes as the documents say for the status the rule really has; a case that needs
// the rule Active cannot be made, and says so.

test('an upload that answers 2xx without activating fails PP-UPLOAD-ACTIVATES alone', { timeout: 600_000 }, async () => {
  const scenarios = [...new Set([...SCENARIOS_BY_AREA.decisioning, ...scenariosJudging(['PP-UPLOAD-ACTIVATES'])])];
  const records = await runAgainstEmulator(scenarios, ['upload-keeps-awaiting']);
  const failing = new Set(records.filter((record) => record.outcome === 'FAIL').map((record) => record.requirementId));
  expect([...failing]).toEqual(['PP-UPLOAD-ACTIVATES']);
  // A case that needs an Active drawdown rule cannot be made: UNTESTABLE, saying the rule read back, never a FAIL of its own.
  for (const record of records.filter((candidate) => candidate.outcome === 'UNTESTABLE'))
    expect(record.message).toMatch(/reads AwaitingDocuments after an upload answered 2xx/);
  expect(
    problems(records.filter((record) => !['PP-UPLOAD-ACTIVATES'].includes(record.requirementId) && record.outcome !== 'UNTESTABLE')),
  ).toEqual([]);
});
