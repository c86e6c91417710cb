import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { defineScenario, type Scenario } from '../../../harness/engine/scenario.ts';
import { expandPath, OPERATIONS } from '../../../contract/catalogue/operationCatalogue.ts';
import { OPERATION_PROBES } from '../../../suites/auth/operationProbes.ts';
import { isUnavailable } from '../../../suites/shared/ownResourceProbes.ts';
import { runAgainstEmulator } from '../../support/emulatorRuns.ts';

// The AU and SB probes act on resources of the run's own: each probe, sent with a
// token holding every scope, succeeds on a clean emulator. An id the emulator never
// issued would be answered 404, so a probe built on one fails here.

const probeAsIssued = (live: boolean): Scenario =>
  defineScenario({
    id: `test/probe-resources/${live ? 'live' : 'sandbox'}`,
    area: 'auth',
    requirements: ['AU-TOKEN-REQUIRED'],
    // It sends every probe itself, the policy and product updates and webhook creates among them.
    reads: ['webhook-quota'],
    moves: ['account-opt-in', 'product-opt-in'],
    async run(ctx) {
      for (const probe of OPERATION_PROBES) {
        const operation = OPERATIONS[probe.operation];
        // In live the sandbox operations do not exist: their resources are still the run's own, checked by reading the application back.
        const sandboxOnly = 'sandboxOnly' in operation && operation.sandboxOnly === true;
        const prepared = await probe.prepare(ctx);
        if (isUnavailable(prepared)) {
          ctx.check.expect(
            'AU-TOKEN-REQUIRED',
            false,
            `${probe.operation}: the emulator claims every capability, yet the probe is unavailable: ${prepared.unavailable}`,
          );
          continue;
        }
        const { params, ...options } = prepared.options;
        if (live && sandboxOnly) {
          const application = await ctx.api.send('GET', `/applications/${encodeURIComponent(String(params?.applicationId))}`);
          ctx.check.expect(
            'AU-TOKEN-REQUIRED',
            application.status === 200,
            `${probe.operation}: application ${params?.applicationId} answered ${application.status}`,
            application,
          );
          continue;
        }
        const response = await ctx.api.send(operation.method, expandPath(operation.path, params), options);
        ctx.check.expect(
          'AU-TOKEN-REQUIRED',
          response.status >= 200 && response.status < 300,
          `${probe.operation} at ${JSON.stringify(params ?? {})} with every scope answered ${response.status}`,
          response,
        );
      }
    },
  });

test.each([
  ['sandbox', false],
  ['live', true],
] as const)('in the %s environment every probe, sent with every scope, succeeds', async (environment, live) => {
  const records = (await runAgainstEmulator([probeAsIssued(live)], [], environment)).filter(
    (record) => record.requirementId === 'AU-TOKEN-REQUIRED',
  );
  const failures = records.filter((record) => record.outcome !== 'PASS').map((record) => `${record.outcome}: ${record.message}`);
  expect(failures).toEqual([]);
  expect(records.length).toBe(OPERATION_PROBES.length);
});

test('no probe names a made-up id', () => {
  for (const file of ['suites/auth/operationProbes.ts', 'suites/shared/ownResourceProbes.ts', 'suites/sandbox/accessScenarios.ts']) {
    const source = readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');
    expect(source, file).not.toMatch(/DUMMY_ID|conformance-probe'|'9{6,}'/);
  }
});
