import { test } from 'vitest';
import { expectJudgedWithEvidence, judgeHostileTarget } from './judgedHostileRun.ts';

// A target answering endless-body to every request: the run is judged (exit 1) with evidence,
// within the test time-out (the seconds it took are printed).

test('a target answering endless-body is non-conformant, with the evidence', async () => {
  const run = await judgeHostileTarget('endless-body');
  expectJudgedWithEvidence(run);
  console.log(
    `endless-body: exit ${run.code} in ${run.seconds.toFixed(1)} s; ${run.failing.map((requirement) => `${requirement.id} ${requirement.outcome}`).join(', ')}`,
  );
});
