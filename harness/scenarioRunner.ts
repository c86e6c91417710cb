import { beforeAll, describe, test } from 'vitest';
import type { CheckRecord } from './checkRecords.ts';
import { isFailing } from './checkRecords.ts';
import type { Area, Scenario } from './scenario.ts';
import { runScenario, runScenarioList } from './scenarioEngine.ts';
import type { TargetManifestFile } from './targetManifest.ts';
import { tallySince, type ThrottleTally } from './throttleRetry.ts';
import { emulatorManifest, openTargetSession, RUN_ENV, type RunDescriptor, type TargetSession } from './targetSession.ts';

// The vitest face of the engine: one test per scenario, named by its requirement
// ids and its behaviour, carrying its check records in the task meta for the
// CLI's reporters. A test fails exactly when a check is FAIL or UNTESTABLE.

export interface ConformanceMeta {
  area: Area;
  scenarioId: string;
  title: string;
  records: CheckRecord[];
  /** Throttling the scenario waited out (never judged). */
  throttling: ThrottleTally;
}

declare module 'vitest' {
  interface TaskMeta {
    conformance?: ConformanceMeta;
  }
}

function readRunDescriptor(): RunDescriptor {
  const raw = process.env[RUN_ENV];
  if (!raw) throw new Error(`${RUN_ENV} is not set: run the suites with \`banking-api-conformance run\` (npm run conformance)`);
  return JSON.parse(raw) as RunDescriptor;
}

export function conformanceSuite(area: Area, scenarios: readonly Scenario[]): void {
  describe(area, () => {
    let session: TargetSession;
    beforeAll(async () => {
      const { manifest, options } = readRunDescriptor();
      session = await openTargetSession(manifest, options);
    });
    for (const scenario of scenarios) {
      test(`[${scenario.requirements.join(' ')}] ${scenario.title}`, async (context) => {
        const before = { ...session.throttling };
        const records = await runScenario(scenario, session, (message) => console.log(`${scenario.id}: ${message}`));
        const throttling = tallySince(before, session.throttling);
        context.task.meta.conformance = { area, scenarioId: scenario.id, title: scenario.title, records, throttling };
        const failing = records.filter((record) => isFailing(record.outcome));
        if (failing.length > 0) {
          const text = failing.map((record) => `${record.requirementId} ${record.outcome}: ${record.message}`).join('\n');
          // An AssertionError reads as "failed" in reports; UNTESTABLE alone stays a plain error ("broken").
          throw Object.assign(new Error(text), { name: failing.some((record) => record.outcome === 'FAIL') ? 'AssertionError' : 'Error' });
        }
        const skipped = records.length > 0 && records.every((record) => record.outcome === 'SKIP');
        if (skipped) context.skip(records[0]?.message);
      });
    }
  });
}

/**
 * For the project's own tests: run scenarios in-process against a running target
 * (usually an emulator from startEmulator), with the emulator manifest by default.
 */
export async function runScenarios(
  scenarios: readonly Scenario[],
  options: { baseUrl: string; manifest?: Partial<TargetManifestFile>; seed?: number; concurrency?: number },
): Promise<CheckRecord[]> {
  const session = await openTargetSession(emulatorManifest(options.manifest), { baseUrl: options.baseUrl, seed: options.seed ?? 1 });
  return runScenarioList(scenarios, session, options.concurrency);
}
