import { expect, test } from 'vitest';
import { startReferenceReceiver } from '../../examples/reference-receiver/referenceReceiver.ts';
import { clientResults, runClient } from '../../client/clientRun.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { webhookAt, webhookClientCommand } from './webhookElsewhere.ts';

// Issue 49, item 7: a client's receiver may stop listening while it is judged (its process may be
// the client's), and its effects probe goes with it. The cases judged before it went keep their
// verdicts, but a count the gone probe no longer answers says nothing of the receiver: the
// requirements those counts judge SKIP, saying why, as the cases after it do, never UNTESTABLE (which
// fails a MUST) as a probe that breaks while its receiver still listens is.

const TOKEN = 'receiver-gone-token-51a0';
/** Events processed before the receiver goes away: past the single deliveries, within the batches. */
const LEAVES_AFTER = 10;

test('a receiver and its probe gone midway: the processing requirements of earlier cases SKIP, saying so; CONFORMANT', async () => {
  const leaving = { processed: 0, leave: async () => {} };
  const receiver = await startReferenceReceiver({
    token: TOKEN,
    steps: {
      process() {
        leaving.processed += 1;
        if (leaving.processed === LEAVES_AFTER) void leaving.leave();
      },
    },
  });
  leaving.leave = () => receiver.close();
  try {
    const command = webhookClientCommand();
    const run = await runClient(
      { command, plan: [], receivers: { effects: { effectsUrl: receiver.effectsUrl } } },
      { say: () => {}, redactor: new SecretRedactor() },
      { ...process.env, ...webhookAt(receiver.url, TOKEN) },
    );
    const document = clientResults(command, run, { suiteVersion: 'test' });
    const duplicate = document.requirements.find((result) => result.id === 'RC-DUPLICATE-PROCESSED-ONCE');
    expect(duplicate?.outcome, JSON.stringify(duplicate?.checks)).toBe('SKIP');
    // The resend case was judged before the receiver went; only its count went unanswered.
    expect(duplicate?.checks.map((check) => check.message)).toContainEqual(
      expect.stringMatching(/^an event delivered twice: the client's webhook endpoint \S+ was not reachable when judged/),
    );
    expect(document.requirements.filter((result) => result.outcome === 'UNTESTABLE' || result.outcome === 'FAIL')).toEqual([]);
    expect(document.verdict).toBe('conformant');
  } finally {
    await receiver.close();
  }
});
