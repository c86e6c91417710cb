import { forgedDeliveryCase } from './forgedDelivery.ts';

// 5.3 item 1: a webhook with a token signs every delivery; one without the header is not from it.
export const missingSignature = forgedDeliveryCase('missing-signature', {
  what: 'a delivery without the signature header, while the webhook has a token',
  forge(crafted, event) {
    return { body: JSON.stringify(crafted.envelope([event])), signature: undefined };
  },
});
