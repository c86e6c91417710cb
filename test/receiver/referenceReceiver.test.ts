import { describe, expect, test } from 'vitest';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { startReferenceReceiver } from '../../examples/reference-receiver/referenceReceiver.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { receiverConfig } from '../../cli/receiverValues.ts';
import { receiverResults, runReceiverCases } from '../../receiver/receiverRun.ts';
import { flagged, judgeReferenceReceiver, outcomesById, TOKEN } from './receiverRuns.ts';

// The reference receiver (examples/reference-receiver/) is the example an
// integrator copies: it must be judged CONFORMANT, with nothing flagged, in
// every configuration the command offers.

const receiverIds = requirementCatalogue('receiver')
  .all()
  .map((requirement) => requirement.id);

describe('the reference receiver', () => {
  test('AtLeastOnce, Json, with the effects probe: CONFORMANT, every requirement judged', async () => {
    const document = await judgeReferenceReceiver({ options: { deliveryMode: 'AtLeastOnce', contentType: 'Json' } });
    expect(flagged(document)).toEqual([]);
    expect(document.verdict).toBe('conformant');
    const outcomes = outcomesById(document);
    expect(Object.keys(outcomes).sort()).toEqual([...receiverIds].sort());
    // Only the other mode's exact-200 rule is left unjudged, saying why.
    expect(
      Object.entries(outcomes)
        .filter(([, outcome]) => outcome === 'SKIP')
        .map(([id]) => id),
    ).toEqual(['RC-ACCEPT-200-AT-MOST-ONCE']);
    expect(outcomes['RC-ANSWER-TIME']).toBe('OBSERVED');
  });

  test('AtMostOnce, JsonAPI, includeResources: CONFORMANT; the AtLeastOnce-only requirements SKIP with the reason', async () => {
    const document = await judgeReferenceReceiver({
      options: { deliveryMode: 'AtMostOnce', contentType: 'JsonAPI', includeResources: true },
    });
    expect(flagged(document)).toEqual([]);
    expect(document.verdict).toBe('conformant');
    const outcomes = outcomesById(document);
    expect(outcomes['RC-ACCEPT-200-AT-MOST-ONCE']).toBe('PASS');
    const skipped = document.requirements.filter((result) => result.outcome === 'SKIP');
    expect(skipped.map((result) => result.id).sort()).toEqual([
      'RC-ACCEPT-200-AT-LEAST-ONCE',
      'RC-BATCH-ACCEPTED',
      'RC-BATCH-PROCESSED-ONCE',
      'RC-DUPLICATE-ACCEPTED',
      'RC-DUPLICATE-PROCESSED-ONCE',
    ]);
    for (const result of skipped)
      expect(result.checks[0]?.message).toMatch(/applies to AtLeastOnce webhooks; the receiver's webhook is AtMostOnce/);
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

  test("a vendor that names the signature header otherwise: with --header-name the sandbox's and the crafted deliveries carry it", async () => {
    const document = await judgeReferenceReceiver({
      signatureHeader: 'X-Vendor-Signature',
      options: { headerName: 'X-Vendor-Signature', deliveryMode: 'AtMostOnce' },
    });
    expect(flagged(document)).toEqual([]);
    expect(document.verdict).toBe('conformant');
  });

  test("judged twice while it keeps running, it is CONFORMANT twice: each run's event ids are its own", async () => {
    const receiver = await startReferenceReceiver({ token: TOKEN });
    try {
      const config = receiverConfig({ url: receiver.url, tokenEnv: 'T', effects: receiver.effectsUrl }, { T: TOKEN });
      for (const run of [1, 2]) {
        const document = receiverResults(config, await runReceiverCases(config, { say: () => {}, redactor: new SecretRedactor() }), {
          suiteVersion: 'test',
          startedAt: new Date().toISOString(),
          replayArguments: [],
        });
        expect(flagged(document), `run ${run}`).toEqual([]);
      }
    } finally {
      await receiver.close();
    }
  });
});
