import { ANSWER_REQUIREMENTS } from '../answerJudge.ts';
import { defineReceiverCase } from '../receiverCase.ts';

// 6.1 rule 2, crafted: a resend queued behind the original puts one event twice in
// one batch, and a batch may be delivered again whole; idempotence keyed by the
// event id holds within a batch as across batches.

export const duplicateInBatch = defineReceiverCase({
  id: 'receiver/duplicate-in-batch',
  requirements: ['RC-DUPLICATE-ACCEPTED', 'RC-DUPLICATE-PROCESSED-ONCE', ...ANSWER_REQUIREMENTS],
  modes: ['AtLeastOnce'],
  async run({ crafted, judge, effects, check }) {
    const [first, second] = await crafted.freshEvents(2);
    const body = JSON.stringify(crafted.envelope([first!, second!, first!]));
    judge.accepted('RC-DUPLICATE-ACCEPTED', await crafted.sendSigned(body), 'a batch carrying one event twice');
    judge.accepted('RC-DUPLICATE-ACCEPTED', await crafted.sendSigned(body), 'the same batch delivered again');
    effects.expect(
      check,
      'RC-DUPLICATE-PROCESSED-ONCE',
      [String(first!.id), String(second!.id)],
      1,
      'each event of a batch carrying one twice, delivered twice,',
    );
  },
});
