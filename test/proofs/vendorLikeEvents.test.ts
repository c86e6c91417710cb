import { beforeAll, describe, expect, test } from 'vitest';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { CATALOGUE_REQUIREMENTS } from '../../suites/shared/catalogueChecks.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';
import { problems } from '../support/emulatorRuns.ts';
import { runAgainstVendorLike, type VendorLikeRun } from '../support/vendorLikeRuns.ts';

// The events, auth, sandbox and conventions areas against a target that offers
// only what a vendor sandbox offers (no injection, clock, token minting or
// fixture provisioning; four tokens from the environment): a correct target
// passes, and every events and scope requirement is judged, through documented
// triggers, the target's own event history and the tokens of the manifest —
// except the 90-day retention, which needs the clock.

const catalogue = requirementCatalogue();
const AREAS = ['events', 'auth', 'sandbox', 'conventions'] as const;
const NEEDS_THE_CLOCK = ['EV-RETENTION-GET', 'EV-RETENTION-LIST', 'EV-RETENTION-RESEND', 'EV-RETENTION-RESEND-4XX'];

let run: VendorLikeRun;
beforeAll(async () => {
  run = await runAgainstVendorLike(
    AREAS.flatMap((area) => SCENARIOS_BY_AREA[area]),
    { latency: undefined, rateLimit: undefined },
  );
}, 300_000);

describe('vendor-like emulator: events, auth, sandbox, conventions', () => {
  test('no check fails, warns or is untestable', () => {
    expect(problems(run.records)).toEqual([]);
    expect(run.results.filter((result) => ['FAIL', 'UNTESTABLE', 'WARN'].includes(result.outcome)).map((result) => result.id)).toEqual([]);
  });

  test('every EV and AU requirement is judged, and only the retention ones SKIP, naming the clock', () => {
    const skipped = run.results.filter(
      (result) => /^(EV|AU)-/.test(result.id) && !catalogue.get(result.id).excluded && result.outcome === 'SKIP',
    );
    expect(skipped.map((result) => result.id).sort()).toEqual(NEEDS_THE_CLOCK);
    for (const result of skipped) expect(result.reason).toMatch(/clockControl/);
  });

  test("SB-SCOPES-NOT-SHOWN is recorded with the manifest's payments-only token", () => {
    expect(run.results.find((result) => result.id === 'SB-SCOPES-NOT-SHOWN')?.outcome).toBe('OBSERVED');
  });

  test('each catalogue section is judged on the events the target already holds', () => {
    for (const id of CATALOGUE_REQUIREMENTS) {
      const history = run.records.filter(
        (record) => record.requirementId === id && record.outcome === 'PASS' && record.message.includes("the target's history"),
      );
      expect(history.length, id).toBeGreaterThan(0);
    }
  });

  test('a scope check the manifest cannot serve SKIPs naming the token to add; a stand-in token says it is one', () => {
    const scopeSkips = run.records.filter((record) => record.requirementId.startsWith('AU-SCOPE') && record.outcome === 'SKIP');
    for (const record of scopeSkips)
      expect(record.message).toMatch(/add one to the manifest's tokens, e\.g\. \{"env": "<VARIABLE>", "scopes": \[/);
    const standIns = run.records.filter((record) => record.requirementId === 'AU-SCOPE-SUFFICIENT' && record.message.includes('stands in'));
    expect(standIns.map((record) => record.itemId).sort()).toEqual(['auth/only-scope/event.list', 'auth/only-scope/webhook.list']);
  });
});
