import { expect, test } from 'vitest';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { junitXml } from '../../report/junitReport.ts';
import { ALL_SCENARIOS, runAgainstEmulator } from '../support/emulatorRuns.ts';
import { cleanRunResults } from '../support/sharedCleanRun.ts';
import { resultsOfRun } from './resultsOfRun.ts';

// CI keeps a history per test-case name: two clean runs of the whole suite with
// different seeds (different generated ids, amounts, dates) give the same names:
// one per requirement of the catalogue. The first is the clean run the tests share (seed 1).

const testCaseNames = (xml: string): string[] =>
  [...xml.matchAll(/<testcase classname="[^"]*" name="([^"]*)" time="\d+\.\d{3}"/g)].map((match) => match[1] ?? '');

async function ownRunNames(seed: number): Promise<string[]> {
  const records = await runAgainstEmulator(ALL_SCENARIOS, [], 'sandbox', seed);
  return testCaseNames(
    junitXml(
      resultsOfRun({ records, selected: ALL_SCENARIOS.flatMap((scenario) => scenario.requirements), scenarios: ALL_SCENARIOS, seed }),
    ),
  );
}

test('two runs with different seeds yield the same test-case names', async () => {
  const shared = await cleanRunResults();
  const first = testCaseNames(junitXml(shared));
  const second = await ownRunNames(20261122);
  expect(first.length).toBe(requirementCatalogue().all().length);
  expect(new Set(first).size).toBe(first.length);
  expect(second.filter((name) => !first.includes(name))).toEqual([]);
  expect(first.filter((name) => !second.includes(name))).toEqual([]);
}, 180_000);
