import { beforeAll, describe, expect, test } from 'vitest';
import type { CheckRecord } from '../../harness/checkRecords.ts';
import { requirementCatalogue } from '../../harness/requirementCatalogue.ts';
import { OWN_PREFIXES, OWN_SCENARIOS, problems, runAgainstEmulator } from './scenarioOutcomes.ts';

// Against the clean emulator every PP-, AU- and GN- requirement comes out PASS
// (or OBSERVED for OBSERVE), none FAIL, WARN or UNTESTABLE, and none unjudged.

describe('positive pay, auth and conventions scenarios against the clean emulator', () => {
  let records: CheckRecord[];
  beforeAll(async () => {
    records = await runAgainstEmulator(OWN_SCENARIOS);
  });

  test('no check fails, warns or is untestable', () => {
    expect(problems(records)).toEqual([]);
  });

  test('every applicable requirement of PP, AU and GN is judged', () => {
    const judged = new Set(records.filter((record) => record.outcome !== 'SKIP').map((record) => record.requirementId));
    const unjudged = requirementCatalogue().all()
      .filter((requirement) => OWN_PREFIXES.some((prefix) => requirement.id.startsWith(prefix)) && !requirement.excluded)
      .filter((requirement) => requirement.environments.includes('sandbox'))
      .map((requirement) => requirement.id)
      .filter((id) => !judged.has(id));
    expect(unjudged).toEqual([]);
  });

  test('OBSERVE requirements are recorded, never judged', () => {
    const catalogue = requirementCatalogue();
    const judgedObserve = records.filter((record) => catalogue.get(record.requirementId).level === 'OBSERVE' && record.outcome !== 'OBSERVED' && record.outcome !== 'SKIP');
    expect(judgedObserve.map((record) => `${record.requirementId}: ${record.outcome}`)).toEqual([]);
  });
});
