import { test } from 'vitest';
import { expectJudgedWithEvidence, judgeHostileTarget } from './judgedHostileRun.ts';

// A target answering invalid-json to every request: the run is judged (exit 1) with evidence,
// within the test time-out (the seconds it took are printed).

test('a target answering invalid-json is non-conformant, with the evidence', async () => {
  const run = await judgeHostileTarget('invalid-json');
  expectJudgedWithEvidence(run);
  console.log(
    `invalid-json: exit ${run.code} in ${run.seconds.toFixed(1)} s; ${run.failing.map((requirement) => `${requirement.id} ${requirement.outcome}`).join(', ')}`,
  );
});
