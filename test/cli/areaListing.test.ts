import { describe, expect, test } from 'vitest';
import { listRequirements } from '../../cli/catalogueListing.ts';
import { startEmulator } from '../../emulator/emulator.ts';
import { AREAS } from '../../harness/engine/scenario.ts';
import { selectScenarios } from '../../run/scenarioSelection.ts';
import { runScenarios } from '../support/runScenarios.ts';

// `list --area X` lists exactly what `run --only X` judges: what the selection declares and
// every requirement its checks record on the way (run/runJudgement.ts counts both). Which
// calls a scenario makes is known only by running it, so each area's scenarios run here as
// `run --only X` runs them, in this process, against an emulator of their own: the eight
// areas split the suite, so all of them together cost one run of the suite.

describe('list --area X is what run --only X judges', () => {
  test.each([...AREAS])(
    '%s',
    async (area) => {
      const selection = selectScenarios({ areas: [area] });
      const emulator = await startEmulator();
      try {
        const records = await runScenarios(selection.scenarios, { baseUrl: emulator.url(), seed: 40 });
        const judged = new Set([...selection.requirements, ...records.map((record) => record.requirementId)]);
        expect(selection.scenarios.length).toBeGreaterThan(0);
        expect(
          listRequirements({ area })
            .map((row) => row.id)
            .sort(),
        ).toEqual([...judged].sort());
      } finally {
        await emulator.close();
      }
    },
    120_000,
  );
});
