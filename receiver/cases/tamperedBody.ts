import { forgedDeliveryCase } from './forgedDelivery.ts';

// The signature of the body as signed; the body as someone changed it on the way.
export const tamperedBody = forgedDeliveryCase('tampered-body', {
  what: 'a delivery whose body was changed after it was signed',
  forge(crafted, event) {
    const signed = JSON.stringify(crafted.envelope([event]));
    const attributes = { ...(event.attributes as Record<string, unknown>), tags: { changedInTransit: 'true' } };
    return { body: JSON.stringify(crafted.envelope([{ ...event, attributes }])), signature: crafted.sign(signed) };
  },
});
