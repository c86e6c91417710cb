import { test } from 'vitest';
import { expectJudgedWithEvidence, judgeHostileTarget } from './judgedHostileRun.ts';

// A target answering empty to every request: the run is judged (exit 1) with evidence,
// within the test time-out (the seconds it took are printed).

test('a target answering empty is non-conformant, with the evidence', async () => {
  const run = await judgeHostileTarget('empty');
  expectJudgedWithEvidence(run);
  console.log(
    `empty: exit ${run.code} in ${run.seconds.toFixed(1)} s; ${run.failing.map((requirement) => `${requirement.id} ${requirement.outcome}`).join(', ')}`,
  );
});
