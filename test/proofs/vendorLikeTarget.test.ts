import { expect, test } from 'vitest';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { ALL_SCENARIOS, problems, worstById } from '../support/emulatorRuns.ts';
import { runAgainstVendorLike } from '../support/vendorLikeRuns.ts';

// A correct target that looks like a vendor sandbox — lived-in with other
// tenants' rules, webhooks and thousands of events, only the documented API, a
// manifest claiming only what a vendor offers (core, scopedTokens, applications,
// webhookDelivery) — passes with no FAIL, WARN or UNTESTABLE, and most of the
// catalogue is judged there, not skipped: at most 48 requirements SKIP, each for a
// capability the profile lacks (payment simulation with fresh accounts, the clock)
// or the other environment; excluded requirements are counted apart. The issue's
// goal was 56 SKIP with the 9 exclusions of the time (47 of the profile's own);
// since then DC-DRAWDOWN-TAGS-OWN-LABELS and PP-POLICY-OPTIN-NO-EFFECT joined the
// requirements that need payment simulation or a product the run may opt in, and
// 3 catalogue statements no operation can bring about were excluded.

const SKIP_GOAL = 48;

test(`the whole suite against a lived-in, vendor-like emulator: no FAIL, WARN or UNTESTABLE, at most ${SKIP_GOAL} SKIP`, async () => {
  const { records } = await runAgainstVendorLike(ALL_SCENARIOS, { latency: undefined, rateLimit: undefined });
  expect(problems(records)).toEqual([]);
  const worst = worstById(records);
  const catalogue = requirementCatalogue().all();
  const counts: Record<string, number> = {};
  for (const requirement of catalogue) {
    const outcome = requirement.excluded ? 'excluded' : (worst.get(requirement.id) ?? 'no result');
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  console.log(
    `vendor-like profile, ${catalogue.length} requirements: ${Object.entries(counts)
      .map(([outcome, count]) => `${count} ${outcome}`)
      .join(', ')}`,
  );
  expect(counts['no result']).toBeUndefined();
  expect(counts.SKIP ?? 0).toBeLessThanOrEqual(SKIP_GOAL);
  // The lists of a lived-in account are judged, not skipped.
  const judged = new Set(records.filter((record) => record.outcome !== 'SKIP').map((record) => record.requirementId));
  for (const id of ['PP-LIST-SORT', 'PP-LIST-SORT-DEFAULT', 'PP-LIST-LIMIT', 'PP-LIST-OFFSET', 'GN-MAX-PAGE-SIZE'])
    expect(judged).toContain(id);
}, 300_000);
