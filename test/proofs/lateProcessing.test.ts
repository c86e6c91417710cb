import { describe, expect, test } from 'vitest';
import { startQueuedReceiver } from '../receiver/queuedReceiver.ts';
import { flagged, judgeReferenceReceiver, outcomesById, TOKEN } from '../receiver/receiverRuns.ts';

// A receiver may answer at once and process from a queue later (6.1 asks only for
// the answer in time): the effects probe is read until its counts settle, so such a
// receiver is CONFORMANT however late it processes within the patience. Reading
// until the counts settle also sees a second processing that comes as late as the
// first: a receiver without an idempotence gate is still caught.

const PROCESSING = ['RC-DUPLICATE-PROCESSED-ONCE', 'RC-BATCH-PROCESSED-ONCE', 'RC-RAW-BODY-VERIFIED'];

describe('a receiver that processes from a queue after answering', () => {
  test.concurrent.each([2_000, 4_000])(
    'processing %i ms after the answer is CONFORMANT',
    async (processAfterMs) => {
      const document = await judgeReferenceReceiver({ start: () => startQueuedReceiver({ token: TOKEN, processAfterMs }) });
      const outcomes = outcomesById(document);
      expect(PROCESSING.map((id) => `${id} ${outcomes[id]}`)).toEqual(PROCESSING.map((id) => `${id} PASS`));
      expect(flagged(document)).toEqual([]);
      expect(document.verdict).toBe('conformant');
    },
    120_000,
  );

  test.concurrent(
    'the patience bounds the wait: with --effects-patience 1, processing 8 s after the answer FAILs, saying so',
    async () => {
      const document = await judgeReferenceReceiver({
        options: { effectsPatience: 1 },
        start: () => startQueuedReceiver({ token: TOKEN, processAfterMs: 8_000 }),
      });
      const raw = document.requirements.find((result) => result.id === 'RC-RAW-BODY-VERIFIED');
      expect(raw?.outcome).toBe('FAIL');
      expect(JSON.stringify(document)).toMatch(/event\(s\) still unprocessed after the patience of 1\.0 s \(--effects-patience\)/);
    },
    120_000,
  );

  test.concurrent(
    'without an idempotence gate, processing its duplicates 3 s after the answer, it FAILs RC-DUPLICATE-PROCESSED-ONCE',
    async () => {
      const document = await judgeReferenceReceiver({
        start: () => startQueuedReceiver({ token: TOKEN, processAfterMs: 3_000, dedupes: false }),
      });
      expect(outcomesById(document)['RC-DUPLICATE-PROCESSED-ONCE']).toBe('FAIL');
      expect(flagged(document)).toEqual(['RC-DUPLICATE-PROCESSED-ONCE']);
    },
    120_000,
  );
});
