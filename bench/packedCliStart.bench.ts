import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packProject } from '../test/distribution/install/installedPackage.ts';
import { commandToExit } from '../test/support/childProcess.ts';
import { benchSize, median, reportGoal, reportUnmeasured } from './benchGoals.ts';

// Issue 44: the packed CLI starts like a compiled Node CLI. The package is packed and installed
// into an empty project as a user installs it, then `--version` and `list --area auth` are timed
// beside `node -e 0`, one after another in each round so the machine's load weighs on all three
// alike; the goals compare the medians.

const GOALS = { version: 2, list: 4 };

const rounds = benchSize('packed CLI start', 7, 21, (size) => `${size} rounds of node -e 0, --version and list --area auth`);
const scratch = mkdtempSync(join(tmpdir(), 'bac-cli-start-'));
try {
  const packed = await packProject(scratch);
  const project = join(scratch, 'project');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{ "name": "empty-project", "private": true }\n');
  const install = await commandToExit('npm', ['install', '--no-audit', '--no-fund', join(scratch, packed.filename)], { cwd: project });
  if (install.code !== 0) {
    reportUnmeasured(
      'packed CLI start',
      `--version ≤ ${GOALS.version}×, list ≤ ${GOALS.list}× node -e 0`,
      `npm install failed: ${install.stderr.trim().split('\n').at(-1)}`,
    );
  } else {
    const cli = join(project, 'node_modules/banking-api-conformance/bin/banking-api-conformance.mjs');
    const commands = { bare: ['-e', '0'], version: [cli, '--version'], list: [cli, 'list', '--area', 'auth'] };
    const times: Record<keyof typeof commands, number[]> = { bare: [], version: [], list: [] };
    for (let round = 0; round < rounds; round += 1)
      for (const [name, args] of Object.entries(commands) as Array<[keyof typeof commands, string[]]>) {
        const started = performance.now();
        const ran = spawnSync(process.execPath, args, { cwd: project, stdio: 'ignore' });
        if (ran.status !== 0) throw new Error(`node ${args.join(' ')} exited ${ran.status}`);
        times[name].push(performance.now() - started);
      }
    const bare = median(times.bare);
    const ms = (value: number) => `${Math.round(value)} ms`;
    for (const name of ['version', 'list'] as const) {
      const ratio = median(times[name]) / bare;
      reportGoal({
        name: `packed CLI ${name === 'version' ? '--version' : 'list --area auth'} (median)`,
        figure: `${ratio.toFixed(2)}× (${ms(median(times[name]))})`,
        baseline: `node -e 0 ${ms(bare)}`,
        goal: `≤ ${GOALS[name]}×`,
        met: ratio <= GOALS[name],
      });
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
