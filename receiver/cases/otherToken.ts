import { randomBytes } from 'node:crypto';
import { forgedDeliveryCase } from './forgedDelivery.ts';

// A well-formed signature over the exact body, under a token that is not the webhook's.
export const otherToken = forgedDeliveryCase('other-token', {
  what: 'a delivery signed with another token',
  forge(crafted, event) {
    const body = JSON.stringify(crafted.envelope([event]));
    return { body, signature: crafted.sign(body, randomBytes(24).toString('hex')) };
  },
});
