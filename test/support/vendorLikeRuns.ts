import type { EmulatorOptions } from '../../emulator/emulator.ts';
import { startVendorLikeEmulator } from './vendorLikeEmulator.ts';
import type { CheckRecord } from '../../harness/records/checkRecords.ts';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { judgeRequirements, type RequirementResult } from '../../verdict/requirementVerdict.ts';
import type { Scenario } from '../../harness/engine/scenario.ts';
import { runScenarioList } from './runScenarios.ts';
import { loadManifest } from '../../harness/targetIO/targetManifest.ts';
import { openTargetSession } from '../../harness/targetIO/targetSession.ts';
import type { ThrottleTally } from '../../harness/targetIO/throttleRetry.ts';

// Runs scenarios the way a team runs them against a vendor sandbox: the
// vendor-like manifest (core, scopedTokens, applications, webhookDelivery;
// tokens from variables; fixed fixture ids) against the emulator in the
// vendor-like profile (lived-in, control endpoints off), with the profile's
// latency and rate limit replaced by `overrides`.

export interface VendorLikeRun {
  records: CheckRecord[];
  throttling: ThrottleTally;
  /** One result per requirement, judged as the CLI judges a run (capability SKIPs included). */
  results: RequirementResult[];
}

export async function runAgainstVendorLike(
  scenarios: readonly Scenario[],
  overrides: EmulatorOptions = {},
  options: { seed?: number; concurrency?: number } = {},
): Promise<VendorLikeRun> {
  const target = await startVendorLikeEmulator(overrides);
  try {
    const session = await openTargetSession(
      loadManifest(target.manifestPath),
      { baseUrl: target.url, seed: options.seed ?? 1 },
      { tokenEnv: target.env },
    );
    const records = await runScenarioList(scenarios, session, options.concurrency ?? 8);
    const selected = new Set(scenarios.flatMap((scenario) => scenario.requirements));
    const results = judgeRequirements(requirementCatalogue(), records, session.target, { selected });
    return { records, throttling: session.throttling, results };
  } finally {
    await target.emulator.close();
  }
}
