import { test } from 'vitest';
import { expectJudgedWithEvidence, judgeHostileTarget } from './judgedHostileRun.ts';

// A target answering ten-megabytes to every request: the run is judged (exit 1) with evidence,
// within the test time-out (the seconds it took are printed).

test('a target answering ten-megabytes is non-conformant, with the evidence', async () => {
  const run = await judgeHostileTarget('ten-megabytes');
  expectJudgedWithEvidence(run);
  console.log(
    `ten-megabytes: exit ${run.code} in ${run.seconds.toFixed(1)} s; ${run.failing.map((requirement) => `${requirement.id} ${requirement.outcome}`).join(', ')}`,
  );
});
