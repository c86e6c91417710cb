import { ANSWER_REQUIREMENTS } from '../answerJudge.ts';
import { defineReceiverCase } from '../receiverCase.ts';
import { UNLISTED_TYPE } from './unknownEventType.ts';

// 6.1 rule 1 within a batch: an unlisted type arrives among catalogued events, and
// tolerating it means the events after it are processed too. Once the batch is
// acknowledged they are never sent again, so one skipped is lost.

/** Catalogued events on each side of the unlisted one. */
const AROUND = 2;

export const unknownTypeInBatch = defineReceiverCase({
  id: 'receiver/unknown-type-in-batch',
  requirements: ['RC-UNKNOWN-TYPE-ACCEPTED', 'RC-BATCH-PROCESSED-ONCE', ...ANSWER_REQUIREMENTS],
  modes: ['AtLeastOnce'],
  async run({ crafted, judge, effects, check }) {
    const before = await crafted.freshEvents(AROUND);
    const [unlisted] = await crafted.freshEvents(1, UNLISTED_TYPE);
    const after = await crafted.freshEvents(AROUND);
    const body = JSON.stringify(crafted.envelope([...before, unlisted!, ...after]));
    const what = `a batch with the unlisted type ${UNLISTED_TYPE} between ${AROUND * 2} catalogued events`;
    if (!judge.accepted('RC-UNKNOWN-TYPE-ACCEPTED', await crafted.sendSigned(body), what)) {
      // A batch not accepted is retried: what is processed is judged on accepted batches.
      check.skip(
        'RC-BATCH-PROCESSED-ONCE',
        `${what} was not accepted (RC-UNKNOWN-TYPE-ACCEPTED); processing is judged on accepted batches`,
      );
      return;
    }
    const catalogued = [...before, ...after].map((event) => String(event.id));
    effects.expect(check, 'RC-BATCH-PROCESSED-ONCE', catalogued, 1, `each catalogued event of ${what}`);
  },
});
