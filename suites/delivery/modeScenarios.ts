import { shortenDeliveryTimeout } from '../../harness/deliverySettings.ts';
import { injectEvents } from '../../harness/eventInjection.ts';
import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/scenario.ts';
import type { SinkDelivery } from '../../harness/webhookSink.ts';
import { pause } from '../webhooks/webhookFixtures.ts';
import { checkModeShape, MAX_BATCH } from './deliveryChecks.ts';
import { carrying, ensureSinkReachable, hasAll, subscribe } from './sinkSession.ts';

// API 6.1: what each delivery mode does when the endpoint fails, and under load.

/** Short enough to keep the area fast, long enough for loopback deliveries. */
const SHORT_TIMEOUT_MS = 400;
/** Without a known delivery time-out the scenario waits for the target to give up on its own. */
const UNKNOWN_TIMEOUT_WAIT_MS = 60_000;
const HOUR = 60 * 60 * 1000;

/** Let any retry the target scheduled fall due: jump the clock when possible, else wait. */
async function letRetriesFallDue(ctx: ScenarioContext): Promise<void> {
  if (ctx.control.has('clockControl')) {
    await ctx.control.advanceClock(2 * HOUR);
    await pause(300);
  } else {
    await pause(5000);
  }
}

/** Scale the emulator clock for this scenario, restoring the previous scale at cleanup. */
export async function scaleClock(ctx: ScenarioContext, scale: number): Promise<void> {
  const before = await ctx.control.clock();
  ctx.cleanup.add('restore the clock scale', () => ctx.control.setClockScale(before.scale));
  await ctx.control.setClockScale(scale);
}

const occurrences = (deliveries: readonly SinkDelivery[], id: string): number =>
  deliveries.filter((delivery) => delivery.payload.events.some((event) => event.id === id)).length;

const atMostOnceFailures = defineScenario({
  id: 'delivery/at-most-once/failures-not-retried',
  area: 'delivery',
  title: 'An AtMostOnce delivery answered 500, 202, dropped or not answered in time MUST NOT be retried, and the next event MUST wait for the previous answer',
  requirements: ['DL-AT-MOST-ONCE-NO-RETRY', 'DL-AT-MOST-ONCE-SEQUENTIAL', 'DL-AT-MOST-ONCE-SINGLE', 'DL-DELIVERY-TIMEOUT'],
  needs: ['eventInjection', 'webhookDelivery'],
  // Where the target has a clock, it jumps or speeds it and shortens the delivery time-out for everyone.
  holds: ['clock', 'delivery-timeout'],
  async run(ctx) {
    await ensureSinkReachable(ctx);
    const { timeoutMs } = await shortenDeliveryTimeout(ctx, SHORT_TIMEOUT_MS);
    const subscription = await subscribe(ctx, 'at-most-once-failures', { deliveryMode: 'AtMostOnce', subscriptionType: 'All' },
      [{ status: 500 }, { hang: true }, { status: 202 }, { drop: true }]);
    const injected = await injectEvents(ctx.control, { type: 'payment.created', count: 6 });
    const ids = new Set(injected.map((event) => event.id));
    const arrived = await subscription.endpoint.waitFor(hasAll(ids), timeoutMs ? 10_000 : UNKNOWN_TIMEOUT_WAIT_MS);
    if (!arrived) throw new Error('not every event reached the sink once; the endpoint failures may have stopped deliveries');
    await letRetriesFallDue(ctx);
    const deliveries = carrying(subscription.endpoint.deliveries(), ids);
    const repeated = injected.filter((event) => occurrences(deliveries, event.id) > 1);
    ctx.check.expect('DL-AT-MOST-ONCE-NO-RETRY', repeated.length === 0,
      `after answers 500, none, 202 and a dropped connection, each AtMostOnce event MUST arrive exactly once; ${repeated.length ? `${repeated.map((e) => `${e.id} ×${occurrences(deliveries, e.id)}`).join(', ')} arrived more than once` : 'each arrived once'}`,
      deliveries);
    checkModeShape(ctx, subscription, deliveries);
    const hung = deliveries.findIndex((delivery) => delivery.answer === 'hung');
    const next = deliveries[hung + 1];
    if (hung >= 0 && next) {
      const waited = next.receivedAt - deliveries[hung]!.receivedAt;
      ctx.check.observe('DL-DELIVERY-TIMEOUT', Math.round(waited), `the next AtMostOnce event came ${Math.round(waited)} ms after the unanswered one${timeoutMs ? ` (delivery time-out set to ${timeoutMs} ms)` : ''}`);
      if (timeoutMs) {
        ctx.check.expect('DL-AT-MOST-ONCE-SEQUENTIAL', waited >= timeoutMs * 0.8,
          `the event after an unanswered one MUST wait for the time-out (${timeoutMs} ms); it came after ${Math.round(waited)} ms`, [deliveries[hung]!, next]);
      }
    }
  },
});

const atLeastOnceRetries = defineScenario({
  id: 'delivery/at-least-once/retried-until-success',
  area: 'delivery',
  title: 'An AtLeastOnce batch answered 500, 503, 302, dropped or not answered in time MUST be retried until it succeeds, with the same event ids, one batch at a time',
  requirements: ['DL-AT-LEAST-ONCE-RETRY', 'DL-EVENT-ID-STABLE', 'DL-AT-LEAST-ONCE-SEQUENTIAL', 'DL-BATCH-LIMIT'],
  needs: ['eventInjection', 'webhookDelivery'],
  // Where the target has a clock, it jumps or speeds it and shortens the delivery time-out for everyone.
  holds: ['clock', 'delivery-timeout'],
  async run(ctx) {
    await ensureSinkReachable(ctx);
    const { timeoutMs } = await shortenDeliveryTimeout(ctx, SHORT_TIMEOUT_MS);
    // Backoff waits 1, 1, 2, 3 … units; at ×50 a one-second unit passes in 20 ms.
    if (ctx.control.has('clockControl')) await scaleClock(ctx, 50);
    const subscription = await subscribe(ctx, 'at-least-once-retries', { deliveryMode: 'AtLeastOnce', subscriptionType: 'All' },
      [{ status: 500 }, { drop: true }, { hang: true }, { status: 503 }, { status: 302 }]);
    const injected = await injectEvents(ctx.control, { type: 'checkDeposit.created', count: 10 });
    const ids = new Set(injected.map((event) => event.id));
    const succeededFor = (deliveries: readonly SinkDelivery[]) => {
      const done = new Set<string>();
      for (const delivery of deliveries) {
        if (typeof delivery.answer === 'number' && delivery.answer >= 200 && delivery.answer < 300) for (const event of delivery.payload.events) done.add(event.id);
      }
      return done;
    };
    await subscription.endpoint.waitFor((deliveries) => injected.every((event) => succeededFor(deliveries).has(event.id)), timeoutMs ? 8000 : UNKNOWN_TIMEOUT_WAIT_MS);
    const deliveries = carrying(subscription.endpoint.deliveries(), ids);
    const done = succeededFor(deliveries);
    const lost = injected.filter((event) => !done.has(event.id));
    const failures = deliveries.filter((delivery) => delivery.answer !== 200).length;
    ctx.check.expect('DL-AT-LEAST-ONCE-RETRY', lost.length === 0 && failures >= 5,
      `after ${failures} failed attempts every AtLeastOnce event MUST finally be accepted; ${lost.length ? `${lost.length} never were (${lost.slice(0, 5).map((e) => e.id).join(', ')})` : 'all were'}`, deliveries);

    // The same id must always describe the same event: a retry is a copy, never a re-issue.
    const copies = new Map<string, Set<string>>();
    for (const delivery of deliveries) {
      for (const event of delivery.payload.events) {
        if (!ids.has(event.id)) continue;
        const seen = copies.get(event.id) ?? new Set<string>();
        seen.add(JSON.stringify([event.type, (event.event?.attributes as { createdAt?: unknown } | undefined)?.createdAt]));
        copies.set(event.id, seen);
      }
    }
    const changed = [...copies].filter(([, versions]) => versions.size > 1).map(([id]) => id);
    const foreign = deliveries.flatMap((delivery) => delivery.payload.events).filter((event) => !ids.has(event.id) && event.type === 'checkDeposit.created');
    ctx.check.expect('DL-EVENT-ID-STABLE', changed.length === 0 && foreign.length === 0,
      `retried events MUST keep their id and content; ${changed.length ? `${changed.join(', ')} changed between attempts` : 'none changed'}${foreign.length ? `; ${foreign.length} copies arrived under new ids` : ''}`, deliveries.slice(0, 2));
    checkModeShape(ctx, subscription, deliveries);
    const hung = deliveries.findIndex((delivery) => delivery.answer === 'hung');
    const next = deliveries[hung + 1];
    if (hung >= 0 && next && timeoutMs) {
      const waited = next.receivedAt - deliveries[hung]!.receivedAt;
      ctx.check.expect('DL-AT-LEAST-ONCE-SEQUENTIAL', waited >= timeoutMs * 0.8,
        `the retry after an unanswered batch MUST wait for the time-out (${timeoutMs} ms); it came after ${Math.round(waited)} ms`, [deliveries[hung]!, next]);
    }
  },
});

const BURST = 200;

const atLeastOnceBurst = defineScenario({
  id: 'delivery/at-least-once/burst',
  area: 'delivery',
  title: `A burst of ${BURST} events MUST reach an AtLeastOnce webhook in batches of at most ${MAX_BATCH}, one batch at a time`,
  requirements: ['DL-BATCH-LIMIT', 'DL-BATCH-SIZES', 'DL-AT-LEAST-ONCE-SEQUENTIAL', 'DL-AT-LEAST-ONCE-RETRY'],
  needs: ['eventInjection', 'webhookDelivery'],
  async run(ctx) {
    await ensureSinkReachable(ctx);
    const subscription = await subscribe(ctx, 'burst', { deliveryMode: 'AtLeastOnce', subscriptionType: 'All' });
    // A slow endpoint makes events queue up, so batching and overlap show.
    subscription.endpoint.setScript([], { status: 200, delayMs: 15 });
    const injected = await injectEvents(ctx.control, { type: 'transaction.created', count: BURST });
    const ids = new Set(injected.map((event) => event.id));
    const arrived = await subscription.endpoint.waitFor(hasAll(ids), 20_000);
    const deliveries = carrying(subscription.endpoint.deliveries(), ids);
    ctx.check.expect('DL-AT-LEAST-ONCE-RETRY', arrived, `every one of ${BURST} events MUST reach the AtLeastOnce webhook; ${arrived ? 'all did' : 'some did not'}`, deliveries.slice(0, 1));
    const sizes = deliveries.map((delivery) => delivery.payload.events.length);
    ctx.check.observe('DL-BATCH-SIZES', sizes, `${BURST} events came in ${sizes.length} batches of ${sizes.join(', ')}`);
    checkModeShape(ctx, subscription, deliveries);
  },
});

export const modeScenarios: Scenario[] = [atMostOnceFailures, atLeastOnceRetries, atLeastOnceBurst];
