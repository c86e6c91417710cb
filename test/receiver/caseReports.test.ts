import { describe, expect, test } from 'vitest';
import { startReferenceReceiver } from '../../examples/reference-receiver/referenceReceiver.ts';
import type { ItemReport } from '../../harness/engine/engineEvents.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { defineReceiverCase, type ReceiverCase } from '../../receiver/receiverCase.ts';
import { receiverConfig } from '../../cli/receiverValues.ts';
import { runReceiverCases } from '../../receiver/receiverRun.ts';
import { TOKEN } from './receiverRuns.ts';

// Receiver cases take the scenarios' route: each becomes an ItemReport with a derived
// title, a case that does not apply SKIPs its requirements with the reason, and one that
// throws leaves what it had not recorded UNTESTABLE (harness/records/checkRecorder.ts's runDeclared).

const recordsOne = defineReceiverCase({
  id: 'receiver/test/records-one-then-throws',
  requirements: ['RC-ACCEPT-VALID', 'RC-UNKNOWN-TYPE-ACCEPTED'],
  async run({ check }) {
    check.pass('RC-ACCEPT-VALID', 'recorded before the error');
    throw new Error('the receiver answered something unreadable');
  },
});

const otherModeOnly = defineReceiverCase({
  id: 'receiver/test/at-most-once-only',
  requirements: ['RC-ACCEPT-200-AT-MOST-ONCE'],
  modes: ['AtMostOnce'],
  async run() {
    throw new Error('never runs under AtLeastOnce');
  },
});

async function reportsOf(cases: readonly ReceiverCase[]): Promise<ItemReport[]> {
  const receiver = await startReferenceReceiver({ token: TOKEN });
  try {
    const config = receiverConfig({ url: receiver.url, tokenEnv: 'T', deliveryMode: 'AtLeastOnce' }, { T: TOKEN });
    return (await runReceiverCases(config, { say: () => {}, redactor: new SecretRedactor() }, cases)).reports;
  } finally {
    await receiver.close();
  }
}

const outcomes = (report: ItemReport | undefined) => report?.records.map((record) => `${record.requirementId} ${record.outcome}`);

describe('receiver cases as scenario reports', () => {
  test('a report per case: subject and group receiver, the derived title, a skip with the reason, an error as UNTESTABLE', async () => {
    const [thrown, skipped] = await reportsOf([recordsOne, otherModeOnly]);
    expect(thrown).toMatchObject({
      subject: 'receiver',
      group: 'receiver',
      itemId: recordsOne.id,
      title: recordsOne.title,
      requirements: recordsOne.requirements,
    });
    expect(recordsOne.title).toMatch(/^test\/records-one-then-throws: A delivery signed with the webhook's token/);
    expect(outcomes(thrown)).toEqual(['RC-ACCEPT-VALID PASS', 'RC-UNKNOWN-TYPE-ACCEPTED UNTESTABLE']);
    expect(thrown?.records[1]?.message).toContain('could not finish: the receiver answered something unreadable');
    expect(outcomes(skipped)).toEqual(['RC-ACCEPT-200-AT-MOST-ONCE SKIP']);
    expect(skipped?.records[0]?.message).toContain('applies to AtMostOnce webhooks');
  });
});
