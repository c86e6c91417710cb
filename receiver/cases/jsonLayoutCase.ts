import { type JsonLayout, writeJson } from '../jsonLayouts.ts';
import { ANSWER_REQUIREMENTS } from '../answerJudge.ts';
import { defineReceiverCase, type ReceiverCase } from '../receiverCase.ts';

// 5.3 item 2: the signature covers "the entire raw request body". A correctly
// signed body in a layout JSON.stringify never writes tells a receiver that
// verifies the raw bytes from one that verifies re-serialised JSON.

/** Tags (2.7: events may carry them) with characters a re-serialiser writes differently once escaped. */
const TAGS = { note: 'café / ünïcode ✓ "quoted" \\ back', path: 'a/b/c' };

export function jsonLayoutCase(layout: JsonLayout): ReceiverCase {
  return defineReceiverCase({
    id: `receiver/json-layout/${layout}`,
    requirements: ['RC-RAW-BODY-VERIFIED', ...ANSWER_REQUIREMENTS],
    async run({ crafted, judge, effects, check }) {
      const [event] = await crafted.freshEvents(1);
      const attributes = { ...(event!.attributes as Record<string, unknown>), tags: TAGS };
      const body = writeJson(crafted.envelope([{ ...event!, attributes }]), layout);
      const what = `a correctly signed body in the ${layout} layout`;
      if (judge.accepted('RC-RAW-BODY-VERIFIED', await crafted.sendSigned(body), what)) {
        effects.expect(check, 'RC-RAW-BODY-VERIFIED', [String(event!.id)], 1, `the event of ${what}`);
      }
    },
  });
}
