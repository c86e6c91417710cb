import type { EmulatorOptions } from '../../emulator/emulator.ts';
import { startVendorLikeEmulator } from '../../emulator/profiles/vendorLikeEmulator.ts';
import type { CheckRecord } from '../../harness/checkRecords.ts';
import { requirementCatalogue } from '../../harness/requirementCatalogue.ts';
import { judgeRequirements, type RequirementResult } from '../../harness/requirementVerdict.ts';
import type { Scenario } from '../../harness/scenario.ts';
import { runScenarioList } from '../../harness/scenarioEngine.ts';
import { loadManifest } from '../../harness/targetManifest.ts';
import { openTargetSession } from '../../harness/targetSession.ts';

// Runs scenarios in-process against the emulator in the vendor-like profile,
// described by targets/emulator-vendor-like.json: no control endpoints, so no
// injection, clock, token minting or fixture provisioning; tokens from the
// environment, as a run against a vendor sandbox gets them. Latency and the
// 429s are left out unless asked for: they slow the run and are judged elsewhere.

export interface VendorLikeRun {
  records: CheckRecord[];
  /** One result per requirement, judged as the CLI judges a run (capability SKIPs included). */
  results: RequirementResult[];
}

export async function runAgainstVendorLike(scenarios: readonly Scenario[], overrides: EmulatorOptions = {}, seed = 1): Promise<VendorLikeRun> {
  const target = await startVendorLikeEmulator({ latency: undefined, rateLimit: undefined, ...overrides });
  // The token pool reads the manifest's variables from process.env; put back what was there.
  const saved = Object.fromEntries(Object.keys(target.env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, target.env);
  try {
    const session = await openTargetSession(loadManifest(target.manifestPath), { baseUrl: target.url, seed });
    const records = await runScenarioList(scenarios, session);
    const selected = new Set(scenarios.flatMap((scenario) => scenario.requirements));
    return { records, results: judgeRequirements(requirementCatalogue(), records, session.target, { selected }) };
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await target.emulator.close();
  }
}
