import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { startVendorLikeEmulator, type VendorLikeEmulator } from '../../support/vendorLikeEmulator.ts';
import { WEBHOOK_BUDGET } from '../../../harness/targetIO/heldWebhooks.ts';
import { runInProcess } from '../../support/inProcessRun.ts';

// Two CI jobs of one team start `run` at the same moment against the one shared
// sandbox they have: lived-in, 40 of other tenants' webhooks Enabled, only the
// documented API, every 25th request answered 429. Both verdicts are CONFORMANT
// with nothing FAIL or UNTESTABLE, and each run holds at most its webhook budget
// (10) at once: the manifest is a real vendor's, without heavy probes. The two runs are
// `run`'s, in this process with the options each job would give the command (the
// sandbox's contention is the subject, not the command line), their tokens in the
// environment as a job's are.

const OTHERS_ENABLED = 40;
let target: VendorLikeEmulator;
let workDir: string;

beforeAll(async () => {
  target = await startVendorLikeEmulator({ latency: undefined, livedIn: { seed: 3, enabledWebhooks: OTHERS_ENABLED } });
  workDir = mkdtempSync(join(tmpdir(), 'two-runs-'));
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await target?.emulator.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

function vendorManifest(): string {
  const manifest = JSON.parse(readFileSync(target.manifestPath, 'utf8'));
  delete manifest.heavyProbes;
  manifest.$schema = undefined;
  const path = join(workDir, 'vendor.json');
  writeFileSync(path, JSON.stringify(manifest));
  return path;
}

test(`two runs at once on one lived-in sandbox with ${OTHERS_ENABLED} Enabled webhooks of others: both CONFORMANT, each within ${WEBHOOK_BUDGET} webhooks`, async () => {
  const manifest = vendorManifest();
  for (const [name, value] of Object.entries(target.env)) vi.stubEnv(name, value);
  const runs = await Promise.allSettled(
    ['first', 'second'].map((name, index) =>
      runInProcess({ target: manifest, baseUrl: target.url, seed: index + 1, reportDir: join(workDir, name) }),
    ),
  );
  for (const [index, run] of runs.entries()) {
    const resultsPath = join(workDir, index === 0 ? 'first' : 'second', 'results.json');
    expect(existsSync(resultsPath), `run ${index} wrote no results: ${run.status === 'rejected' ? String(run.reason) : ''}`).toBe(true);
    const results = JSON.parse(readFileSync(resultsPath, 'utf8'));
    const troubled = results.requirements.filter((result: { outcome: string }) => ['FAIL', 'UNTESTABLE', 'WARN'].includes(result.outcome));
    expect({ run: index, troubled, verdict: results.verdict }).toEqual({ run: index, troubled: [], verdict: 'conformant' });
    console.log(
      `run ${index}: held at most ${results.webhookFootprint.peakHeld} webhooks at once; waited ${results.webhookFootprint.limitWaits} time(s) for the target's limit`,
    );
    expect(results.webhookFootprint.budget).toBe(WEBHOOK_BUDGET);
    expect(results.webhookFootprint.peakHeld).toBeGreaterThan(0);
    expect(results.webhookFootprint.peakHeld).toBeLessThanOrEqual(WEBHOOK_BUDGET);
  }
  // A bound for a hang, not a speed goal: the two runs took 107–173 s alone, and past 600 s on a
  // fresh-clone run of npm test while the other worker and a second test process shared the 2 cores.
}, 1_200_000);
