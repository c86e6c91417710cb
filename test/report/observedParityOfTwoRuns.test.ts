import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { compareCommand } from '../../cli/compareCommand.ts';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { parityTable } from '../../report/parityTable.ts';
import { readEarlierRun } from '../../verdict/resultsFile.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';
import { emulatorPerFile } from '../support/emulatorPerFile.ts';
import { runScenarios } from '../support/runScenarios.ts';
import { emulatorTarget, resultsOfRun } from './resultsOfRun.ts';

// Issue 45: `compare --observed` of two runs of one target reads no difference.
// What the timing of a run decides (DL-BATCH-SIZES: how a burst queued into
// batches) is compared by what the documents bound. Three runs of the reference
// emulator, one after another on the same emulator as a user runs twice against
// one sandbox, give three pairs: each compares with 0 differences. Only the
// scenarios that record an OBSERVE requirement run: the others add no row.

const target = emulatorPerFile();
const observe = requirementCatalogue()
  .all()
  .filter((requirement) => requirement.level === 'OBSERVE');
const observeIds = new Set(observe.map((requirement) => requirement.id));
const observing = Object.values(SCENARIOS_BY_AREA)
  .flat()
  .filter((scenario) => scenario.requirements.some((id) => observeIds.has(id)));

/** A run of the observing scenarios, its results.json written where `compare` reads it. */
async function observedRun(seed: number): Promise<string> {
  const records = await runScenarios(observing, { baseUrl: target.url, seed });
  const results = resultsOfRun({
    records,
    selected: observing.flatMap((scenario) => scenario.requirements),
    scenarios: observing,
    target: emulatorTarget(target.url),
    seed,
  });
  const dir = mkdtempSync(join(tmpdir(), 'bac-parity-runs-'));
  writeFileSync(join(dir, 'results.json'), JSON.stringify(results));
  return dir;
}

test('three runs of the reference emulator: compare --observed of each of the three pairs reads 0 differences', async () => {
  const runs: string[] = [];
  for (const seed of [4501, 4502, 4503]) runs.push(await observedRun(seed));
  const pairs = [
    [runs[0]!, runs[1]!],
    [runs[1]!, runs[2]!],
    [runs[0]!, runs[2]!],
  ];
  const compared = pairs.map((pair) => {
    let printed = '';
    const code = compareCommand({ observed: pair }, (text) => (printed += `${text}\n`));
    const [a, b] = pair.map((dir) => ({ source: dir, results: readEarlierRun(dir) }));
    const table = parityTable(a!, b!, observe);
    return {
      code,
      different: table.rows
        .filter((row) => row.parity === 'different')
        .map((row) => `${row.id}: ${JSON.stringify(row.a)} / ${JSON.stringify(row.b)}`),
      batchSizes: table.rows.find((row) => row.id === 'DL-BATCH-SIZES')?.parity,
      printed,
    };
  });
  expect(compared.map(({ code, different }) => ({ code, different }))).toEqual(Array(3).fill({ code: 0, different: [] }));
  for (const { printed, batchSizes } of compared) {
    expect(printed).toMatch(/, 0 different, /);
    // Not vacuous: the batch sizes were observed by both runs and compared.
    expect(batchSizes).toMatch(/^(same|varies by timing)$/);
  }
}, 600_000);
