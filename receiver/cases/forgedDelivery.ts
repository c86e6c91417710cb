import { defineReceiverCase, type ReceiverCase } from '../receiverCase.ts';
import type { CraftedDeliveries, Event } from '../craftedDeliveries.ts';

// 5.3: what a forged or altered delivery looks like, one way per case. The body
// carries a fresh event, so processing it shows in the effects probe.

/** Why a forgery cannot be made of this event's valid signature: its requirements SKIP saying so. */
export interface CannotForge {
  cannot: string;
}

export interface Forgery {
  /** The body sent and the signature header's value (none when undefined). */
  forge(crafted: CraftedDeliveries, event: Event): { body: string; signature: string | undefined } | CannotForge;
  /** What the delivery is, for check messages. */
  what: string;
}

export function forgedDeliveryCase(name: string, forgery: Forgery): ReceiverCase {
  return defineReceiverCase({
    id: `receiver/forged/${name}`,
    requirements: ['RC-SIGNATURE-REFUSED', 'RC-SIGNATURE-NOT-PROCESSED'],
    async run({ crafted, judge, effects, check }) {
      const [event] = await crafted.freshEvents(1);
      const forged = forgery.forge(crafted, event!);
      if ('cannot' in forged) {
        for (const requirementId of ['RC-SIGNATURE-REFUSED', 'RC-SIGNATURE-NOT-PROCESSED']) check.skip(requirementId, forged.cannot);
        return;
      }
      const { body, signature } = forged;
      judge.refused('RC-SIGNATURE-REFUSED', await crafted.send(body, signature), forgery.what);
      effects.expect(check, 'RC-SIGNATURE-NOT-PROCESSED', [String(event!.id)], 0, forgery.what);
    },
  });
}
