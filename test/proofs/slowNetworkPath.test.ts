import { describe, expect, test } from 'vitest';
import { FAULTY_RECEIVERS } from '../receiver/faultyReceivers.ts';
import { startLatencyProxy } from '../receiver/latencyProxy.ts';
import { flagged, judgeReferenceReceiver } from '../receiver/receiverRuns.ts';

// A receiver far away (every chunk held 50 ms each way, so each delivery and each
// effects read pays several hundred ms) is judged as it is near: the verdict
// never depends on how fast the path is, only on what the receiver answers.

const DELAY_MS = 50;
const slowPath = (port: number) => startLatencyProxy(port, DELAY_MS);

describe('a receiver behind a slow network path', () => {
  test('the reference receiver is still CONFORMANT with nothing flagged', async () => {
    const document = await judgeReferenceReceiver({ via: slowPath });
    expect(flagged(document)).toEqual([]);
    expect(document.verdict).toBe('conformant');
    const slowest = Math.max(
      ...document.requirements.find((result) => result.id === 'RC-ANSWER-TIME')!.checks.map((check) => check.observed as number),
    );
    expect(slowest).toBeGreaterThanOrEqual(2 * DELAY_MS);
  });

  test('a receiver that processes duplicates twice still fails exactly that', async () => {
    const faulty = FAULTY_RECEIVERS.find((entry) => entry.name === 'processes-duplicates-twice')!;
    const document = await judgeReferenceReceiver({ via: slowPath, steps: faulty.steps });
    expect(flagged(document)).toEqual(['RC-DUPLICATE-PROCESSED-ONCE']);
  });
});
