import { forgedDeliveryCase } from './forgedDelivery.ts';

// 5.3 item 3: the value compared is base64, whose digits are case-sensitive ('a' is 26,
// 'A' is 0): a signature differing from the valid one only in the case of its letters
// carries other bytes, and a receiver that compares ignoring case lets it through.

/** Each letter in the other case; digits, '+', '/' and '=' as they are. */
const swapCase = (text: string): string =>
  text.replace(/[A-Za-z]/g, (letter) => (letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase()));

export const caseSwappedSignature = forgedDeliveryCase('case-swapped', {
  what: 'a delivery whose signature is the valid one with the case of every letter swapped',
  forge(crafted, event) {
    const body = JSON.stringify(crafted.envelope([event]));
    const valid = crafted.sign(body);
    const swapped = swapCase(valid);
    // A value of digits and symbols alone has no case to change (a chance far below one in 10^20).
    if (swapped === valid)
      return { cannot: `the valid signature of event ${String(event.id)} holds no letter, so no forgery differs from it in case alone` };
    return { body, signature: swapped };
  },
});
