import { afterEach, expect, test } from 'vitest';
import { startVendorLikeEmulator, type VendorLikeEmulator } from '../../support/vendorLikeEmulator.ts';
import { runScenarioList } from '../../support/runScenarios.ts';
import { loadManifest } from '../../../harness/targetIO/targetManifest.ts';
import { openTargetSession } from '../../../harness/targetIO/targetSession.ts';
import { policyScenarios } from '../../../suites/positive-pay/policyScenarios.ts';

// On a shared sandbox another run may move the fixture account's opt-in while an
// invalid policy request is judged. The change is read back before it is judged:
// a change that shows with no request of the scenario between is someone else's,
// and the MUST is UNTESTABLE saying so, never FAIL.

const NO_EFFECT = 'PP-POLICY-OPTIN-NO-EFFECT';
const invalidPolicies = policyScenarios.filter((scenario) => scenario.id.startsWith('positive-pay/policy/invalid/'));

let target: VendorLikeEmulator | undefined;
let someoneElse = false;
afterEach(async () => {
  someoneElse = false;
  await target?.emulator.close();
  target = undefined;
});

test('another tenant keeps setting the fixture account\'s opt-in: the no-effect MUST is UNTESTABLE ("changed by someone else"), never FAIL', async () => {
  target = await startVendorLikeEmulator({ latency: undefined, rateLimit: undefined });
  const account = target.emulator.state.positivePay.account('10001');
  if (!account) throw new Error('the vendor-like emulator has no fixture account 10001');
  // Another run's valid policy, written again between any two requests the emulator serves.
  someoneElse = true;
  const writeAgain = () => {
    if (!someoneElse) return;
    account.positivePayOptIn = ['CheckPayment'];
    setImmediate(writeAgain);
  };
  writeAgain();

  const manifest = loadManifest(target.manifestPath);
  const fixtures = { ...manifest.fixtures, accountOptIn: ['ReceivedAchDebit' as const] };
  // Payments simulated so decisioning shows the opt-in; the fixture fixed, as on a vendor sandbox.
  const capabilities = [...manifest.capabilities, 'paymentSimulation' as const];
  const session = await openTargetSession(
    { ...manifest, capabilities, heavyProbes: false, fixtures },
    { baseUrl: target.url, seed: 5 },
    { tokenEnv: target.env },
  );
  const records = (await runScenarioList(invalidPolicies, session, 1)).filter((record) => record.requirementId === NO_EFFECT);

  expect(records.length).toBeGreaterThan(0);
  expect(records.filter((record) => record.outcome === 'FAIL').map((record) => record.message)).toEqual([]);
  const untestable = records.filter((record) => record.outcome === 'UNTESTABLE');
  expect(untestable.length, JSON.stringify(records.map((record) => [record.outcome, record.message]))).toBeGreaterThan(0);
  for (const record of untestable) expect(record.message).toMatch(/changed by someone else/);
}, 60_000);
