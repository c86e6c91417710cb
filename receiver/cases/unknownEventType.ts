import { ANSWER_REQUIREMENTS } from '../answerJudge.ts';
import { defineReceiverCase } from '../receiverCase.ts';

// 6.1 rule 1 and 9: new event types are added without notice; a receiver that
// fails on one loses it (AtMostOnce) or has it retried for good (AtLeastOnce).

/** Of the form resource.event, listed nowhere in the Event Catalog. */
export const UNLISTED_TYPE = 'conformanceProbe.typeNotInCatalog';

export const unknownEventType = defineReceiverCase({
  id: 'receiver/unknown-event-type',
  requirements: ['RC-UNKNOWN-TYPE-ACCEPTED', ...ANSWER_REQUIREMENTS],
  async run({ sandbox, judge }) {
    const { answer } = await sandbox.deliver('unknown-type', UNLISTED_TYPE);
    judge.accepted('RC-UNKNOWN-TYPE-ACCEPTED', answer, `the sandbox's delivery of the unlisted type ${UNLISTED_TYPE}`);
  },
});
