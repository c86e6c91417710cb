import { afterEach, expect, test } from 'vitest';
import { startVendorLikeEmulator, type VendorLikeEmulator } from '../../support/vendorLikeEmulator.ts';
import type { CheckRecord } from '../../../harness/records/checkRecords.ts';
import { runScenarioList } from '../../support/runScenarios.ts';
import { loadManifest, type ManifestFixtures } from '../../../harness/targetIO/targetManifest.ts';
import { openTargetSession } from '../../../harness/targetIO/targetSession.ts';
import { authScenarios } from '../../../suites/auth/index.ts';

// The auth probes of POST /positive-pay-policy and PATCH /deposit-products/{id}
// succeed where the scope allows, and so change the fixture's opt-in: they put
// it back to what the manifest declares, like the policy scenarios
// (suites/shared/fixtureOptIn.ts); undeclared, the probes that would succeed SKIP.

const OPT_IN_PROBES = /^auth\/.*\/(positivePayPolicy\.create|depositProduct\.update)$/;

let target: VendorLikeEmulator | undefined;
afterEach(async () => {
  await target?.emulator.close();
  target = undefined;
});

async function runOptInProbes(
  fixtures: Partial<ManifestFixtures>,
): Promise<{ records: CheckRecord[]; before: unknown; optIn: () => unknown }> {
  target = await startVendorLikeEmulator({ latency: undefined, rateLimit: undefined });
  const emulator = target;
  const manifest = loadManifest(emulator.manifestPath);
  // A token with exactly payments-write, so the only-scope probe of the policy is sent.
  const narrow = { env: 'CONFORMANCE_TEST_PAYMENTS_WRITE_ONLY', scopes: ['payments-write' as const] };
  const tokenEnv = { ...emulator.env, [narrow.env]: emulator.emulator.state.tokens.mint(narrow.scopes) };
  const session = await openTargetSession(
    { ...manifest, tokens: [...(manifest.tokens ?? []), narrow], heavyProbes: false, fixtures: { ...manifest.fixtures, ...fixtures } },
    { baseUrl: emulator.url, seed: 5 },
    { tokenEnv },
  );
  const scenarios = authScenarios.filter((scenario) => OPT_IN_PROBES.test(scenario.id));
  expect(scenarios.map((scenario) => scenario.id)).toContain('auth/only-scope/positivePayPolicy.create');
  const { state } = emulator.emulator;
  const optIn = () => {
    const account = state.positivePay.account(manifest.fixtures?.accountId ?? '');
    return { account: account?.positivePayOptIn, product: state.positivePay.product(account?.depositProductId ?? '')?.positivePayOptIn };
  };
  const before = structuredClone(optIn());
  return { records: await runScenarioList(scenarios, session, 2), before, optIn };
}

test('with the opt-in declared, auth/only-scope/positivePayPolicy.create succeeds and the fixture is put back to exactly that', async () => {
  const declared = { accountOptIn: ['ReceivedAchDebit' as const], depositProductOptIn: ['ReceivedAchCredit' as const] };
  const { records, optIn } = await runOptInProbes(declared);
  const sufficient = records.find(
    (record) => record.itemId === 'auth/only-scope/positivePayPolicy.create' && record.requirementId === 'AU-SCOPE-SUFFICIENT',
  );
  expect(sufficient?.outcome).toBe('PASS');
  expect(optIn()).toEqual({ account: declared.accountOptIn, product: declared.depositProductOptIn });
}, 60_000);

test('undeclared, the probes that would change the opt-in SKIP naming the manifest field, and the fixture is untouched', async () => {
  const { records, before, optIn } = await runOptInProbes({});
  const skipped = records.filter((record) => ['AU-SCOPE-SUFFICIENT', 'AU-UNDOCUMENTED-SCOPE'].includes(record.requirementId));
  expect(skipped.length).toBeGreaterThan(0);
  for (const record of skipped) {
    expect(record.outcome, record.itemId).toBe('SKIP');
    expect(record.message).toMatch(/fixtures\.(accountOptIn|depositProductOptIn)/);
  }
  expect(optIn()).toEqual(before);
}, 60_000);
