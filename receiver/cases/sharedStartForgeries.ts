import { forgedDeliveryCase } from './forgedDelivery.ts';
import type { CraftedDeliveries, Event } from '../craftedDeliveries.ts';

// 5.3 item 3: the receiver computes the same value and compares. These values share
// the valid signature's start, so only a comparison of the whole value refuses them:
// one cut to a prefix, or to the shorter of the two lengths, lets them through.

const BASE64_DIGITS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The body of one fresh event and the valid signature of it. */
function signedBody(crafted: CraftedDeliveries, event: Event): { body: string; valid: string } {
  const body = JSON.stringify(crafted.envelope([event]));
  return { body, valid: crafted.sign(body) };
}

export const lastCharacterChanged = forgedDeliveryCase('last-character-changed', {
  what: 'a delivery whose signature is the valid one with its last base64 digit changed',
  forge(crafted, event) {
    const { body, valid } = signedBody(crafted, event);
    // The digit before the '=' padding, its top bit flipped: the length stays and the
    // decoded bytes differ too (the low bits of that digit are padding a decoder ignores).
    const last = valid.replace(/=+$/, '').length - 1;
    const flipped = BASE64_DIGITS[BASE64_DIGITS.indexOf(valid.charAt(last)) ^ 32];
    return { body, signature: `${valid.slice(0, last)}${flipped}${valid.slice(last + 1)}` };
  },
});

export const signatureCutShort = forgedDeliveryCase('signature-cut-short', {
  what: 'a delivery whose signature is the first half of the valid one',
  forge(crafted, event) {
    const { body, valid } = signedBody(crafted, event);
    return { body, signature: valid.slice(0, Math.floor(valid.length / 2)) };
  },
});

export const emptySignature = forgedDeliveryCase('empty-signature', {
  what: 'a delivery whose signature header is present and empty, while the webhook has a token',
  forge(crafted, event) {
    return { body: signedBody(crafted, event).body, signature: '' };
  },
});

export const signatureWithCharactersAppended = forgedDeliveryCase('characters-appended', {
  what: 'a delivery whose signature is the valid one with characters appended',
  forge(crafted, event) {
    const { body, valid } = signedBody(crafted, event);
    return { body, signature: `${valid}AAAA` };
  },
});
