import { worstById } from '../test/support/emulatorRuns.ts';
import { runWholeSuite } from '../test/support/concurrentRuns.ts';
import { benchSize, reportGoal } from './benchGoals.ts';

// Concurrency must not change a verdict: over many seeds, the whole suite run
// one scenario at a time and eight at a time gives every requirement the same
// outcome (test/proofs/concurrencyVerdict.test.ts does two seeds in npm test).

const seeds = benchSize('serial vs concurrent', 1, 20, (count) => `${count} seeds`);
const differing: string[] = [];
for (let seed = 100; seed < 100 + seeds; seed += 1) {
  const serial = worstById(await runWholeSuite(seed, 1));
  const concurrent = worstById(await runWholeSuite(seed, 8));
  for (const [id, outcome] of serial)
    if (concurrent.get(id) !== outcome) differing.push(`seed ${seed} ${id}: ${outcome} serial, ${concurrent.get(id)} concurrent`);
}
reportGoal({
  name: `requirement outcomes serial vs concurrency 8 over ${seeds} seeds`,
  figure: differing.length === 0 ? 'identical' : `${differing.length} differ: ${differing.slice(0, 5).join('; ')}`,
  goal: 'identical',
  met: differing.length === 0,
});
