import { afterEach, expect, test } from 'vitest';
import { startVendorLikeEmulator, type VendorLikeEmulator } from '../../support/vendorLikeEmulator.ts';
import type { CheckRecord } from '../../../harness/records/checkRecords.ts';
import { runScenarioList } from '../../support/runScenarios.ts';
import { loadManifest, type ManifestFixtures } from '../../../harness/targetIO/targetManifest.ts';
import { openTargetSession } from '../../../harness/targetIO/targetSession.ts';
import { policyScenarios } from '../../../suites/positive-pay/policyScenarios.ts';

// On a vendor sandbox the fixture account and product are somebody's
// configuration, and no documented operation reads their opt-in back. The
// policy and product scenarios put the opt-in back to what the manifest
// declares; where nothing is declared (and heavy probes are off) they SKIP,
// saying what to declare, and leave the fixture as it was.

const CHANGING = ['PP-POLICY-CREATE', 'PP-POLICY-EMPTY-OPTIN', 'PP-PRODUCT-OPTIN-UPDATE', 'PP-PRODUCT-EMPTY-OPTIN'];

let target: VendorLikeEmulator | undefined;
afterEach(async () => {
  await target?.emulator.close();
  target = undefined;
});

async function startTarget(): Promise<VendorLikeEmulator> {
  target = await startVendorLikeEmulator({ latency: undefined, rateLimit: undefined });
  return target;
}

async function runPolicyScenarios(emulator: VendorLikeEmulator, fixtures: Partial<ManifestFixtures>): Promise<CheckRecord[]> {
  const manifest = loadManifest(emulator.manifestPath);
  const session = await openTargetSession(
    { ...manifest, heavyProbes: false, fixtures: { ...manifest.fixtures, ...fixtures } },
    { baseUrl: emulator.url, seed: 3 },
    { tokenEnv: emulator.env },
  );
  return runScenarioList(policyScenarios, session, 4);
}

function fixtureOptIn(emulator: VendorLikeEmulator) {
  const { state } = emulator.emulator;
  const account = state.positivePay.account('10001');
  return { account: account?.positivePayOptIn, product: state.positivePay.product(account?.depositProductId ?? '')?.positivePayOptIn };
}

test('without a declared opt-in or heavy probes, the scenarios that change it SKIP naming the manifest field, and change nothing', async () => {
  const emulator = await startTarget();
  const before = structuredClone(fixtureOptIn(emulator));
  const records = await runPolicyScenarios(emulator, {});

  for (const id of CHANGING) {
    const outcomes = records.filter((record) => record.requirementId === id);
    expect(outcomes.length, id).toBeGreaterThan(0);
    for (const record of outcomes) {
      expect(record.outcome, `${id}: ${record.message}`).toBe('SKIP');
      expect(record.message).toMatch(/fixtures\.(accountOptIn|depositProductOptIn)/);
    }
  }
  expect(records.filter((record) => record.outcome === 'FAIL' || record.outcome === 'UNTESTABLE')).toEqual([]);
  expect(fixtureOptIn(emulator)).toEqual(before);
}, 60_000);

test('with the opt-in declared, the scenarios run and put the fixture back to exactly that', async () => {
  const declared = {
    accountOptIn: ['ReceivedAchDebit' as const],
    depositProductOptIn: ['CheckPayment' as const, 'ReceivedAchCredit' as const],
  };
  const emulator = await startTarget();
  const records = await runPolicyScenarios(emulator, declared);

  for (const id of CHANGING)
    expect(
      records.some((record) => record.requirementId === id && record.outcome !== 'SKIP'),
      id,
    ).toBe(true);
  expect(records.filter((record) => record.outcome === 'FAIL' || record.outcome === 'UNTESTABLE')).toEqual([]);
  expect(fixtureOptIn(emulator)).toEqual({ account: declared.accountOptIn, product: declared.depositProductOptIn });
}, 60_000);
