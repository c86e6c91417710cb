import { expect, test } from 'vitest';
import { injectEvents } from '../../../suites/shared/eventInjection.ts';
import { parseDeliveryPayload } from '../../../contract/catalogue/deliveryPayload.ts';
import { defineScenario } from '../../../harness/engine/scenario.ts';
import { runScenarios } from '../../support/runScenarios.ts';
import type { SinkDelivery } from '../../../harness/targetIO/webhookSink.ts';
import { DeliveredEvents } from '../../../suites/delivery/deliveredEvents.ts';
import { subscribe } from '../../../suites/shared/sinkSession.ts';
import { makeEventsHappen } from '../../../suites/shared/eventTriggers.ts';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';

// 6.1 lets an AtLeastOnce batch be "an array of event ids". A delivery that
// carries only ids is placed by looking each one up (GET /events/{id}): the
// scenario's own events are recognised and match what was expected, someone
// else's event gets its type but is not ours, an id the target will not show
// stays unknown.

const target = emulatorPerFile();

interface Placed {
  ownIds: string[];
  recognised: string[];
  missing: number;
  foreignType: string | undefined;
  foreignOurs: boolean;
  unknownType: string | undefined;
}

test('bare event ids in a delivery are looked up and placed', async () => {
  let placed: Placed | undefined;
  let failure: unknown;
  const scenario = defineScenario({
    id: 'test/delivered-event-ids',
    area: 'delivery',
    requirements: [],
    needs: ['webhookDelivery'],
    reads: ['webhook-quota'],
    async run(ctx) {
      try {
        const subscription = await subscribe(ctx, 'bare-ids', { deliveryMode: 'AtMostOnce', subscriptionType: 'All', token: '' });
        const happened = await makeEventsHappen(ctx, 1, ['sandbox-approve']);
        const [foreign] = await injectEvents(ctx.control, { type: 'account.created' });
        const seen = new DeliveredEvents(ctx);
        if (!(await seen.arrived(subscription.endpoint, happened.expected, 5000)))
          throw new Error("the approved application's events never arrived");
        const ownIds = [...seen.ours(subscription.endpoint.deliveries(), happened)];
        const bare: SinkDelivery = {
          ...subscription.endpoint.deliveries()[0]!,
          payload: parseDeliveryPayload(Buffer.from(JSON.stringify({ data: [...ownIds, foreign!.id, 'no-such-event'] }))),
        };
        const ledger = new DeliveredEvents(ctx);
        await ledger.learn([bare]);
        placed = {
          ownIds: ownIds.sort(),
          recognised: [...ledger.ours([bare], happened)].sort(),
          missing: ledger.missing([bare], happened.expected).length,
          foreignType: ledger.typeOf(foreign!.id),
          foreignOurs: ledger.isOurs(foreign!.id, happened),
          unknownType: ledger.typeOf('no-such-event'),
        };
      } catch (error) {
        failure = error;
      }
    },
  });
  await runScenarios([scenario], { baseUrl: target.url });
  expect(failure).toBeUndefined();
  expect(placed).toBeDefined();
  expect(placed!.ownIds.length).toBeGreaterThan(0);
  expect(placed!.recognised).toEqual(placed!.ownIds);
  expect(placed!.missing).toBe(0);
  expect(placed!.foreignType).toBe('account.created');
  expect(placed!.foreignOurs).toBe(false);
  expect(placed!.unknownType).toBeUndefined();
});
