import { describe, expect, test } from 'vitest';
import { requirementCatalogue } from '../../harness/requirementCatalogue.ts';
import { flagged, judgeReferenceReceiver, outcomesById } from './receiverRuns.ts';

// The reference receiver (examples/reference-receiver/) is the example an
// integrator copies: it must be judged CONFORMANT, with nothing flagged, in
// every configuration the command offers.

const receiverIds = requirementCatalogue('receiver').all().map((requirement) => requirement.id);

describe('the reference receiver', () => {
  test('AtLeastOnce, Json, with the effects probe: CONFORMANT, every requirement judged', async () => {
    const document = await judgeReferenceReceiver({ options: { deliveryMode: 'AtLeastOnce', contentType: 'Json' } });
    expect(flagged(document)).toEqual([]);
    expect(document.verdict).toBe('conformant');
    const outcomes = outcomesById(document);
    expect(Object.keys(outcomes).sort()).toEqual([...receiverIds].sort());
    // Only the other mode's exact-200 rule is left unjudged, saying why.
    expect(Object.entries(outcomes).filter(([, outcome]) => outcome === 'SKIP').map(([id]) => id)).toEqual(['RC-ACCEPT-200-AT-MOST-ONCE']);
    expect(outcomes['RC-ANSWER-TIME']).toBe('OBSERVED');
  });

  test('AtMostOnce, JsonAPI, includeResources: CONFORMANT; the AtLeastOnce-only requirements SKIP with the reason', async () => {
    const document = await judgeReferenceReceiver({ options: { deliveryMode: 'AtMostOnce', contentType: 'JsonAPI', includeResources: true } });
    expect(flagged(document)).toEqual([]);
    expect(document.verdict).toBe('conformant');
    const outcomes = outcomesById(document);
    expect(outcomes['RC-ACCEPT-200-AT-MOST-ONCE']).toBe('PASS');
    const skipped = document.requirements.filter((result) => result.outcome === 'SKIP');
    expect(skipped.map((result) => result.id).sort()).toEqual(['RC-ACCEPT-200-AT-LEAST-ONCE', 'RC-BATCH-ACCEPTED', 'RC-BATCH-PROCESSED-ONCE', 'RC-DUPLICATE-ACCEPTED', 'RC-DUPLICATE-PROCESSED-ONCE']);
    for (const result of skipped) expect(result.checks[0]?.message).toMatch(/applies to AtLeastOnce webhooks; the receiver's webhook is AtMostOnce/);
  });

  test('without an effects probe the processing requirements SKIP, saying so, and the verdict stands on the rest', async () => {
    const document = await judgeReferenceReceiver({ withEffects: false });
    expect(document.verdict).toBe('conformant');
    for (const id of ['RC-DUPLICATE-PROCESSED-ONCE', 'RC-BATCH-PROCESSED-ONCE', 'RC-SIGNATURE-NOT-PROCESSED']) {
      const result = document.requirements.find((entry) => entry.id === id);
      expect(result?.outcome, id).toBe('SKIP');
      expect(result?.checks[0]?.message).toMatch(/no effects probe \(--effects URL\)/);
    }
  });
});
