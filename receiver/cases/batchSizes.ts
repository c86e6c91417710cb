import { MAX_BATCH_SIZE } from '../../emulator/delivery/deliverySettings.ts';
import { ANSWER_REQUIREMENTS } from '../answerJudge.ts';
import { defineReceiverCase } from '../receiverCase.ts';

// 6.1 and 8: AtLeastOnce batches carry up to 64 events. Each size is published at
// once on a webhook of its own, so the sandbox sends exactly one batch of it.

export const BATCH_SIZES = [1, 2, 16, MAX_BATCH_SIZE - 1, MAX_BATCH_SIZE] as const;

export const batchSizes = defineReceiverCase({
  id: 'receiver/batch-sizes',
  requirements: ['RC-BATCH-ACCEPTED', 'RC-BATCH-PROCESSED-ONCE', ...ANSWER_REQUIREMENTS],
  modes: ['AtLeastOnce'],
  async run({ sandbox, judge, effects, check }) {
    let acceptedAny = false;
    for (const size of BATCH_SIZES) {
      const { eventIds, answer } = await sandbox.deliver(`batch-${size}`, 'customer.created', size);
      if (!judge.accepted('RC-BATCH-ACCEPTED', answer, `the sandbox's batch of ${size} event(s)`)) continue;
      acceptedAny = true;
      effects.expect(check, 'RC-BATCH-PROCESSED-ONCE', eventIds, 1, `each event of the accepted batch of ${size}`);
    }
    if (!acceptedAny)
      check.untestable('RC-BATCH-PROCESSED-ONCE', 'the receiver accepted no batch (RC-BATCH-ACCEPTED), so none could be judged processed');
  },
});
