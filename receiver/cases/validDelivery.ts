import { ANSWER_REQUIREMENTS } from '../answerJudge.ts';
import { defineReceiverCase } from '../receiverCase.ts';

// 5.3, 6.1: what the sandbox sends every day, signed over the raw body, in the
// webhook's content type, with included resources when it asks for them.

/** Catalogued types whose events are tied to resources, so includeResources has something to include. */
const TYPES = ['customer.created', 'account.created'] as const;

export const validDelivery = defineReceiverCase({
  id: 'receiver/valid-delivery',
  requirements: ['RC-ACCEPT-VALID', ...ANSWER_REQUIREMENTS],
  async run({ config, sandbox, judge }) {
    const format = `${config.contentType}${config.includeResources ? ', with included resources' : ''}`;
    for (const type of TYPES) {
      const { answer } = await sandbox.deliver(type, type);
      judge.accepted('RC-ACCEPT-VALID', answer, `the sandbox's ${config.deliveryMode} delivery of ${type} (${format})`);
    }
  },
});
