import { MAX_BATCH_SIZE } from '../../emulator/delivery/deliverySettings.ts';
import { ANSWER_REQUIREMENTS } from '../answerJudge.ts';
import { defineReceiverCase } from '../receiverCase.ts';

// 6.1 rule 2 across time: under AtLeastOnce a retry waits up to an hour between
// attempts, while later batches go on arriving, so the same event can come back
// after many others. Idempotence keyed by the event id has to remember it that
// long; a cache of the last few ids processes it twice.

/** Full batches of other events between the first delivery and the redelivery. */
const BATCHES_BETWEEN = 2;

export const lateRedelivery = defineReceiverCase({
  id: 'receiver/redelivered-after-two-batches',
  // The duplicate first: the title is derived from it.
  requirements: ['RC-DUPLICATE-ACCEPTED', 'RC-DUPLICATE-PROCESSED-ONCE', 'RC-ACCEPT-VALID', 'RC-BATCH-ACCEPTED', ...ANSWER_REQUIREMENTS],
  modes: ['AtLeastOnce'],
  async run({ crafted, judge, effects, check }) {
    const [event] = await crafted.freshEvents(1);
    const delivery = JSON.stringify(crafted.envelope([event!]));
    judge.accepted('RC-ACCEPT-VALID', await crafted.sendSigned(delivery), 'the first delivery of the event');
    for (let batch = 1; batch <= BATCHES_BETWEEN; batch += 1) {
      const others = await crafted.freshEvents(MAX_BATCH_SIZE);
      const answer = await crafted.sendSigned(JSON.stringify(crafted.envelope(others)));
      judge.accepted('RC-BATCH-ACCEPTED', answer, `batch ${batch} of ${MAX_BATCH_SIZE} other events, before the redelivery`);
    }
    const between = `after ${BATCHES_BETWEEN * MAX_BATCH_SIZE} other events in ${BATCHES_BETWEEN} batches`;
    judge.accepted('RC-DUPLICATE-ACCEPTED', await crafted.sendSigned(delivery), `the same event delivered again ${between}`);
    effects.expect(check, 'RC-DUPLICATE-PROCESSED-ONCE', [String(event!.id)], 1, `an event delivered again ${between}`);
  },
});
