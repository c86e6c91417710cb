import { defineScenario, type Scenario } from '../../harness/scenario.ts';
import { hasAll, subscribe, carrying } from '../delivery/sinkSession.ts';
import { pause } from '../webhooks/webhookFixtures.ts';
import { justBefore, listAllEvents } from './eventLists.ts';
import { FIRST_DELIVERY_MS, publishEventOfType, sinkReachableWhereProbed } from './sinkEvents.ts';

// Payloads the Event Catalog leaves open or shows in a particular shape: recorded, never judged.

const cardFraudCasePayload = defineScenario({
  id: 'events/card-fraud-case-payload',
  area: 'events',
  title: 'The catalogue shows cardFraudCase payloads with data as a single object; the suite records the shape delivered',
  requirements: ['EV-CARD-FRAUD-CASE-PAYLOAD'],
  needs: ['webhookDelivery'],
  async run(ctx) {
    await sinkReachableWhereProbed(ctx);
    const subscription = await subscribe(ctx, 'card-fraud-case', { deliveryMode: 'AtMostOnce', subscriptionType: 'All' });
    const event = await publishEventOfType(ctx, 'cardFraudCase.created');
    if ('reason' in event) return ctx.check.skip('EV-CARD-FRAUD-CASE-PAYLOAD', event.reason);
    await subscription.endpoint.waitFor(hasAll([event.id]), FIRST_DELIVERY_MS);
    const [delivery] = carrying(subscription.endpoint.deliveries(), new Set([event.id]));
    ctx.check.observe('EV-CARD-FRAUD-CASE-PAYLOAD', delivery?.payload.dataShape ?? 'not delivered',
      delivery ? `a cardFraudCase.created delivery carries data as ${delivery.payload.dataShape === 'object' ? 'a single object' : delivery.payload.dataShape === 'array' ? 'an array' : delivery.payload.dataShape}` : 'the cardFraudCase.created event was not delivered',
      delivery);
  },
});

const positivePayCancelled = defineScenario({
  id: 'events/positive-pay-cancelled-payload',
  area: 'events',
  title: 'The payload of positivePay.cancelled is not shown; the suite records what cancelling a rule produces',
  requirements: ['EV-POSITIVE-PAY-CANCELLED-PAYLOAD'],
  async run(ctx) {
    const { accountId } = await ctx.fixtures.account();
    const created = await ctx.api.call('positivePay.create', {
      body: {
        data: {
          type: 'checkPaymentPositivePay',
          attributes: { checkNumber: String(ctx.faker.number.int({ min: 1000, max: 99999 })), amount: 12_345 },
          relationships: { account: { data: { type: 'account', id: accountId } } },
        },
      },
    });
    const ruleId = created.body?.data?.id;
    if (created.status !== 201 || !ruleId) throw new Error(`creating a check rule answered ${created.status}`);
    const cancelled = await ctx.api.call('positivePay.cancel', { params: { id: String(ruleId) } });
    if (cancelled.status !== 200) throw new Error(`cancelling the rule answered ${cancelled.status}`);
    const since = justBefore(created.body.data.attributes?.createdAt ?? new Date().toISOString());
    let found: { attributes?: Record<string, unknown>; relationships?: Record<string, unknown> } | undefined;
    for (let tries = 0; tries < 10 && !found; tries += 1) {
      const { events } = await listAllEvents(ctx, { 'filter[type][]': ['positivePay.cancelled'], 'filter[since]': since });
      found = events.find((event) => JSON.stringify(event.relationships ?? {}).includes(`"${ruleId}"`)) ?? events.at(0);
      if (!found) await pause(300);
    }
    const shape = found
      ? { attributes: Object.keys(found.attributes ?? {}), relationships: Object.fromEntries(Object.entries(found.relationships ?? {}).map(([name, rel]) => [name, (rel as { data?: { type?: unknown } }).data?.type])) }
      : 'no positivePay.cancelled event listed';
    ctx.check.observe('EV-POSITIVE-PAY-CANCELLED-PAYLOAD', shape,
      found ? `positivePay.cancelled carries attributes ${shape === 'no positivePay.cancelled event listed' ? '' : (shape as { attributes: string[] }).attributes.join(', ')} and relationships ${JSON.stringify((shape as { relationships: unknown }).relationships)}` : 'no positivePay.cancelled event was listed after the cancel',
      cancelled);
  },
});

export const payloadScenarios: Scenario[] = [cardFraudCasePayload, positivePayCancelled];
