import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { startEmulator } from '../../emulator/emulator.ts';
import type { Area } from '../../harness/engine/scenario.ts';
import { runScenarios } from '../support/runScenarios.ts';
import { openApiDocument } from '../../openapi/openApiDocument.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';
import { problems } from '../support/emulatorRuns.ts';
import { startPrismProxy } from './prismProxy.ts';

// A real OpenAPI tool against the derived document: Prism's validating proxy in
// front of the emulator while the suite runs some areas through it. Every response
// of the clean emulator matches the document (no violation), and a response-shape
// fault is reported, so the check can fail.
//
// Areas whose scenarios Prism can carry: auth sends bad tokens on purpose (Prism
// reports those requests), sandbox and decisioning use the simulation endpoints the
// documents leave out, and positive-pay uploads 20 MB bodies Prism refuses (413).

const AREAS: readonly Area[] = ['webhooks', 'events', 'conventions'];
const scratch = mkdtempSync(join(tmpdir(), 'bac-prism-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function runThroughPrism(areas: readonly Area[], faults: string[] = []) {
  const emulator = await startEmulator({ faults });
  const proxy = await startPrismProxy(openApiDocument({ serverUrl: emulator.url() }), emulator.url(), mkdtempSync(join(scratch, 'run-')));
  try {
    const records = await runScenarios(
      areas.flatMap((area) => SCENARIOS_BY_AREA[area]),
      { baseUrl: proxy.url },
    );
    return { records, violations: proxy.violations(), forwarded: proxy.forwarded() };
  } finally {
    await proxy.close();
    await emulator.close();
  }
}

describe("Prism's validating proxy in front of the emulator", () => {
  test(`reports no violation during a run of ${AREAS.join(', ')}`, async () => {
    const run = await runThroughPrism(AREAS);
    expect(run.forwarded).toBeGreaterThan(200);
    expect(problems(run.records)).toEqual([]);
    expect(run.violations).toEqual([]);
  }, 180_000);

  test('reports the responses of a faulted emulator that break the document', async () => {
    const run = await runThroughPrism(['webhooks'], ['webhook-token-null-when-unset']);
    expect(run.violations.length).toBeGreaterThan(0);
    expect(run.violations.every((line) => /Violation: response\.body\.data(\.\d+)?\.attributes\.token .* must be string/.test(line))).toBe(
      true,
    );
  }, 180_000);
});
