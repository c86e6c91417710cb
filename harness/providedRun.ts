import { inject } from 'vitest';
import type { ConcurrencySetting } from './concurrency.ts';
import type { TargetManifestFile } from './targetManifest.ts';
import type { SessionOptions } from './targetSession.ts';

// What the run pipeline (run/runExecution.ts) hands the vitest workers, through
// vitest's typed provide/inject: the resolved target, the scenarios the plan
// selected and how to run them. It never carries a token: the workers read the
// token values from the variables the manifest names (harness/tokenPool.ts).

export interface ProvidedRun {
  manifest: TargetManifestFile;
  session: SessionOptions;
  /** The scenarios of the plan, by id; a suite file registers a test for these only. */
  scenarioIds: string[];
  /** How many scenarios run at the same time (harness/scenarioScheduler.ts), or `auto` (harness/adaptiveConcurrency.ts). */
  concurrency: ConcurrencySetting;
  /** `run --schedule-seed N`: the schedule fuzzer's seed. */
  scheduleSeed?: number;
  /** `run --fail-fast`: no scenario starts after one failed. */
  failFast?: boolean;
}

declare module 'vitest' {
  interface ProvidedContext {
    conformanceRun: ProvidedRun | undefined;
  }
}

export function providedRun(): ProvidedRun {
  const run = inject('conformanceRun');
  if (!run) throw new Error('no run was provided: run the suites with `npx banking-api-conformance run`');
  return run;
}
