import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startVendorLikeEmulator, type VendorLikeEmulator } from '../support/vendorLikeEmulator.ts';
import { WEBHOOK_BUDGET } from '../../harness/target/sharedState.ts';
import { runCli } from '../cli/cliProcess.ts';

// Two CI jobs of one team start `run` at the same moment against the one shared
// sandbox they have: lived-in, 40 of other tenants' webhooks Enabled, only the
// documented API, every 25th request answered 429. Both verdicts are CONFORMANT
// with nothing FAIL or UNTESTABLE, and each run holds at most its webhook budget
// (10) at once: the manifest is a real vendor's, without heavy probes.

const OTHERS_ENABLED = 40;
let target: VendorLikeEmulator;
let workDir: string;

beforeAll(async () => {
  target = await startVendorLikeEmulator({ latency: undefined, livedIn: { seed: 3, enabledWebhooks: OTHERS_ENABLED } });
  workDir = mkdtempSync(join(tmpdir(), 'two-runs-'));
});

afterAll(async () => {
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
  const runs = await Promise.all(
    ['first', 'second'].map((name, index) =>
      runCli(
        [
          'run',
          '--target',
          manifest,
          '--base-url',
          target.url,
          '--seed',
          String(index + 1),
          '--quiet',
          '--report-dir',
          join(workDir, name),
        ],
        target.env,
      ),
    ),
  );
  for (const [index, run] of runs.entries()) {
    const resultsPath = join(workDir, index === 0 ? 'first' : 'second', 'results.json');
    expect(existsSync(resultsPath), `run ${index} wrote no results (exit ${run.code}): ${run.stderr.slice(-2000)}`).toBe(true);
    const results = JSON.parse(readFileSync(resultsPath, 'utf8'));
    const troubled = results.requirements.filter((result: { outcome: string }) => ['FAIL', 'UNTESTABLE', 'WARN'].includes(result.outcome));
    expect({ run: index, troubled, code: run.code }).toEqual({ run: index, troubled: [], code: 0 });
    console.log(
      `run ${index}: held at most ${results.webhookFootprint.peakHeld} webhooks at once; waited ${results.webhookFootprint.limitWaits} time(s) for the target's limit`,
    );
    expect(results.webhookFootprint.budget).toBe(WEBHOOK_BUDGET);
    expect(results.webhookFootprint.peakHeld).toBeGreaterThan(0);
    expect(results.webhookFootprint.peakHeld).toBeLessThanOrEqual(WEBHOOK_BUDGET);
  }
}, 600_000);
