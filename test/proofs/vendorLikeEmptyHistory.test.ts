import { expect, test } from 'vitest';
import { CATALOGUE_REQUIREMENTS } from '../../suites/shared/catalogueChecks.ts';
import { catalogueScenarios } from '../../suites/events/catalogueScenarios.ts';
import { runAgainstVendorLike } from '../support/vendorLikeRuns.ts';

// Without injection a catalogue section is judged on the events the target
// holds. A target holding none: each section SKIPs saying so, except the one
// whose events a documented operation fires (sandbox approve: customer.created),
// which is judged on the events the suite made happen.

test('with no event history, sections SKIP naming the missing history; Applications is judged on triggered events', async () => {
  const { results, records } = await runAgainstVendorLike(catalogueScenarios, {
    latency: undefined,
    rateLimit: undefined,
    livedIn: { seed: 1, events: 0 },
  });
  const outcomes = Object.fromEntries(
    results.filter((result) => CATALOGUE_REQUIREMENTS.includes(result.id)).map((result) => [result.id, result.outcome]),
  );
  expect(outcomes['EV-CATALOGUE-APPLICATIONS']).toBe('PASS');
  const judgedOnTriggered = records.filter(
    (record) => record.requirementId === 'EV-CATALOGUE-APPLICATIONS' && record.message.includes('events fired by sandbox-approve'),
  );
  expect(judgedOnTriggered.length).toBeGreaterThan(0);
  for (const id of CATALOGUE_REQUIREMENTS.filter((other) => other !== 'EV-CATALOGUE-APPLICATIONS')) {
    expect(outcomes[id], id).toBe('SKIP');
    const reason = records.find((record) => record.requirementId === id)?.message;
    expect(reason, id).toMatch(
      /^the target holds no event of catalogue section ".+" \(.+\) in its 90-day history, no documented operation the target offers fires one, and it does not claim eventInjection$/,
    );
  }
}, 120_000);
