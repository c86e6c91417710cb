import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// Runs every bench/*.bench.ts in its own process (so timings do not share a heap)
// and fails when any benchmark misses its goal.

const dir = fileURLToPath(new URL('.', import.meta.url));
const benches = readdirSync(dir).filter((name) => name.endsWith('.bench.ts')).sort();
let missed = 0;
for (const bench of benches) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${bench}`], { stdio: 'inherit', cwd: `${dir}..` });
  if (run.status !== 0) missed += 1;
}
process.stdout.write(`benchmarks: ${benches.length - missed} met, ${missed} missed\n`);
process.exitCode = missed === 0 ? 0 : 1;
