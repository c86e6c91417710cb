import { defineScenario, type Scenario } from '../../harness/engine/scenario.ts';
import { awaitDeliveries, describeWait } from '../shared/deliveryWait.ts';
import { hasAll, subscribe, carrying } from '../shared/sinkSession.ts';
import { describeEventWait, EXPECTED_EVENTS_FLOOR_MS, readEventsPatiently } from '../shared/eventWait.ts';
import { justBefore, listAllEvents } from './eventLists.ts';
import { FIRST_DELIVERY_MS, neverDelivered, publishEventsOfTypes, sinkReachableWhereProbed } from './sinkEvents.ts';

// Payloads the Event Catalog shows in a particular shape (judged) or leaves open (recorded).

const CARD_FRAUD_CASE_TYPES = [
  'cardFraudCase.created',
  'cardFraudCase.activated',
  'cardFraudCase.expired',
  'cardFraudCase.fraud',
  'cardFraudCase.noFraud',
];

const cardFraudCasePayload = defineScenario({
  id: 'events/card-fraud-case-payload',
  area: 'events',
  requirements: ['EV-CARD-FRAUD-CASE-PAYLOAD'],
  needs: ['webhookDelivery'],
  // It waits for its events through an AtMostOnce webhook.
  reads: ['event-volume'],
  async run(ctx) {
    await sinkReachableWhereProbed(ctx);
    // AtMostOnce: one event per POST (6.1), so the envelope is the one of a single event, not of a batch.
    const subscription = await subscribe(ctx, 'card-fraud-case', { deliveryMode: 'AtMostOnce', subscriptionType: 'All' });
    const published = await publishEventsOfTypes(ctx, CARD_FRAUD_CASE_TYPES);
    if (published.events.length === 0) {
      return ctx.check.skip(
        'EV-CARD-FRAUD-CASE-PAYLOAD',
        `${published.unpublished.join('; ')}; and the target does not claim eventInjection`,
      );
    }
    const ids = published.events.map((event) => event.id);
    const wait = await awaitDeliveries(ctx, subscription.endpoint, hasAll(ids), FIRST_DELIVERY_MS);
    if (!wait.settled && carrying(subscription.endpoint.deliveries(), new Set(ids)).length === 0) {
      throw neverDelivered(`none of the cardFraudCase events (${published.how})`, subscription.endpoint.url, wait, ctx.optionWords);
    }
    for (const event of published.events) {
      const [delivery] = carrying(subscription.endpoint.deliveries(), new Set([event.id]));
      const shape = delivery?.payload.dataShape;
      ctx.check.expect(
        'EV-CARD-FRAUD-CASE-PAYLOAD',
        shape === 'object',
        delivery
          ? `a ${event.type} delivery: expected data as a single object; it carries ${shape === 'array' ? 'an array' : `data ${shape}`}`
          : `a ${event.type} event: expected a delivery with data as a single object; event ${event.id} (${published.how}) was not delivered (${describeWait(wait)})`,
        delivery,
      );
    }
  },
});

const positivePayCancelled = defineScenario({
  id: 'events/positive-pay-cancelled-payload',
  area: 'events',
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
    const namesRule = (event: { relationships?: unknown }) => JSON.stringify(event.relationships ?? {}).includes(`"${ruleId}"`);
    // Only an event naming this rule is known to be its cancel's: on a shared target others cancel too. Read patiently.
    const wait = await readEventsPatiently(ctx, {
      read: () => listAllEvents(ctx, { 'filter[type][]': ['positivePay.cancelled'], 'filter[since]': since }),
      settled: (read) => read.events.some(namesRule),
      // Others' cancels, coming all the time on a shared target, prolong nothing: only the quiet time is waited.
      progress: () => '',
      floorMs: EXPECTED_EVENTS_FLOOR_MS,
    });
    const found: { attributes?: Record<string, unknown>; relationships?: Record<string, unknown> } | undefined =
      wait.value.events.find(namesRule);
    const shape = found
      ? {
          attributes: Object.keys(found.attributes ?? {}),
          relationships: Object.fromEntries(
            Object.entries(found.relationships ?? {}).map(([name, rel]) => [name, (rel as { data?: { type?: unknown } }).data?.type]),
          ),
        }
      : 'no positivePay.cancelled event naming the rule listed';
    ctx.check.observe(
      'EV-POSITIVE-PAY-CANCELLED-PAYLOAD',
      shape,
      found
        ? `positivePay.cancelled carries attributes ${shape === 'no positivePay.cancelled event naming the rule listed' ? '' : (shape as { attributes: string[] }).attributes.join(', ')} and relationships ${JSON.stringify((shape as { relationships: unknown }).relationships)}`
        : `no positivePay.cancelled event naming rule ${ruleId} was listed after the cancel (${wait.value.events.length} naming another or none: not known to be its own; ${describeEventWait(wait)})`,
      cancelled,
    );
  },
});

export const payloadScenarios: Scenario[] = [cardFraudCasePayload, positivePayCancelled];
