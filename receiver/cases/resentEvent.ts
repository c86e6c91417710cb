import { ANSWER_REQUIREMENTS } from '../answerJudge.ts';
import { defineReceiverCase } from '../receiverCase.ts';

// 6.1 rule 2: under AtLeastOnce the same event can arrive more than once; here the
// sandbox sends it again through the documented resend (4.4).

export const resentEvent = defineReceiverCase({
  id: 'receiver/resent-event',
  // The duplicate first: the title is derived from it.
  requirements: ['RC-DUPLICATE-ACCEPTED', 'RC-DUPLICATE-PROCESSED-ONCE', 'RC-ACCEPT-VALID', ...ANSWER_REQUIREMENTS],
  modes: ['AtLeastOnce'],
  async run({ sandbox, judge, effects, check }) {
    const webhook = await sandbox.webhook('resent');
    const eventIds = await sandbox.inject('customer.created');
    judge.accepted('RC-ACCEPT-VALID', await sandbox.answerTo(webhook, eventIds), 'the first delivery of the event');
    await sandbox.resend(eventIds[0] as string);
    judge.accepted('RC-DUPLICATE-ACCEPTED', await sandbox.answerTo(webhook, eventIds, 2), 'the same event delivered again');
    await sandbox.close(webhook);
    effects.expect(check, 'RC-DUPLICATE-PROCESSED-ONCE', eventIds, 1, 'an event delivered twice');
  },
});
