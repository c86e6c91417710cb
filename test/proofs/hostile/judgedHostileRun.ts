import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { runCli } from '../../cli/cliProcess.ts';
import { type HostileBehaviour, hostileManifest, startHostileTarget } from './hostileTarget.ts';

// One scenario run by the real CLI against a hostile target described by a
// manifest (so the run gets past setup and is judged): what the tests of
// test/proofs/hostile/ assert about such a run.

/** One rule create + read: a handful of requests, so even 10 s per request stays bounded. */
export const HOSTILE_SCENARIO = 'positive-pay/create/checkPaymentPositivePay/checkNumber-amount';

interface RequirementResult {
  id: string;
  outcome: string;
  checks: Array<{
    outcome: string;
    message: string;
    evidence?: { exchanges?: Array<{ response?: { status: number; body?: string }; error?: string }> };
  }>;
}

export interface JudgedRun {
  code: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
  failing: RequirementResult[];
}

export async function judgeHostileTarget(behaviour: HostileBehaviour): Promise<JudgedRun> {
  const target = await startHostileTarget(behaviour);
  try {
    const { path, tokenEnv } = hostileManifest(target.url);
    const reportDir = mkdtempSync(join(tmpdir(), 'bac-hostile-report-'));
    const started = performance.now();
    const result = await runCli(['run', '--target', path, '--grep', HOSTILE_SCENARIO, '--report-dir', reportDir], tokenEnv);
    const seconds = (performance.now() - started) / 1000;
    const results = JSON.parse(readFileSync(join(reportDir, 'results.json'), 'utf8')) as { requirements: RequirementResult[] };
    const failing = results.requirements.filter((requirement) => requirement.outcome === 'FAIL' || requirement.outcome === 'UNTESTABLE');
    return { ...result, seconds, failing };
  } finally {
    await target.close();
  }
}

/** Non-conformant, judged with evidence, no stack trace, and the token nowhere in the output. */
export function expectJudgedWithEvidence(run: JudgedRun, tokenEnv = 'hostile-target-token-0123456789'): void {
  expect(run.code, run.stderr).toBe(1);
  expect(run.failing.length).toBeGreaterThan(0);
  const evidenced = run.failing
    .flatMap((requirement) => requirement.checks)
    .filter((check) => (check.evidence?.exchanges ?? []).length > 0);
  expect(evidenced.length).toBeGreaterThan(0);
  expect(`${run.stdout}${run.stderr}`).not.toMatch(/^\s+at .*\.(ts|js|mjs):\d+/m);
  expect(`${run.stdout}${run.stderr}`).not.toContain(tokenEnv);
}
