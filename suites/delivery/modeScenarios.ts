import { shortenDeliveryTimeout } from './deliveryTimeout.ts';
import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/engine/scenario.ts';
import type { SinkDelivery } from '../../harness/targetIO/webhookSink.ts';
import { describeStep, type SinkStep } from '../../harness/targetIO/webhookSinkScript.ts';
import { chooseTrigger, makeEventsHappen } from '../shared/eventTriggers.ts';
import { nowMs, patienceEnd, watchQuietly } from '../shared/deliveryWait.ts';
import { checkModeShape } from './deliveryChecks.ts';
import { DeliveredEvents } from './deliveredEvents.ts';
import { idsOf, overdueOrUnknown, retryPacedQuietMs, retryProgress, succeeded } from './retryPace.ts';
import { DELIVERY_TRIGGERS, ensureSinkReachable, subscribe } from '../shared/sinkSession.ts';

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
    await watchQuietly(ctx, 300);
  } else {
    await watchQuietly(ctx, 5000);
  }
}

/** Scale the emulator clock for this scenario, restoring the previous scale at cleanup. */
export async function scaleClock(ctx: ScenarioContext, scale: number): Promise<void> {
  const before = await ctx.control.clock();
  ctx.cleanup.add('restore the clock scale', () => ctx.control.setClockScale(before.scale));
  await ctx.control.setClockScale(scale);
}

/**
 * Whether what came after an unanswered delivery waited for the time-out. Arrivals are stamped
 * when the sink reads them: a busy machine reading the unanswered one late shortens the gap (by
 * a few hundred ms at worst). A target that does not wait sends the next at once; half the
 * time-out tells the two apart on any machine.
 */
const waitedForTimeOut = (waitedMs: number, timeoutMs: number): boolean => waitedMs >= timeoutMs * 0.5;

const occurrences = (deliveries: readonly SinkDelivery[], id: string): number =>
  deliveries.filter((delivery) => delivery.payload.events.some((event) => event.id === id)).length;

const FAILURE_SCRIPT: readonly SinkStep[] = [{ status: 500 }, { hang: true }, { status: 202 }, { drop: true }];

const atMostOnceFailures = defineScenario({
  id: 'delivery/at-most-once/failures-not-retried',
  area: 'delivery',
  requirements: ['DL-AT-MOST-ONCE-NO-RETRY', 'DL-AT-MOST-ONCE-SEQUENTIAL', 'DL-AT-MOST-ONCE-SINGLE', 'DL-DELIVERY-TIMEOUT'],
  needs: ['webhookDelivery'],
  eventTriggers: DELIVERY_TRIGGERS,
  reads: ['event-volume'],
  // Where the target has a clock, it jumps or speeds it and shortens the delivery time-out for everyone.
  moves: ['clock', 'delivery-timeout'],
  async run(ctx) {
    await ensureSinkReachable(ctx);
    const { timeoutMs } = await shortenDeliveryTimeout(ctx, SHORT_TIMEOUT_MS);
    const subscription = await subscribe(
      ctx,
      'at-most-once-failures',
      { deliveryMode: 'AtMostOnce', subscriptionType: 'All' },
      { script: FAILURE_SCRIPT },
    );
    const happened = await makeEventsHappen(ctx, 6, DELIVERY_TRIGGERS, ['payment.created']);
    const events = new DeliveredEvents(ctx);
    // AtMostOnce promises no delivery: an event whose POST failed on the way is lost, not late. Enough that every scripted failure happened and the queue went on.
    await events.arrived(subscription.endpoint, happened.expected, timeoutMs ? 10_000 : UNKNOWN_TIMEOUT_WAIT_MS, happened.since);
    const attempts = subscription.endpoint.deliveries().length;
    if (attempts <= FAILURE_SCRIPT.length)
      throw new Error(
        `only ${attempts} deliveries arrived${events.waitedFor(subscription.endpoint)}; the scripted failures (${FAILURE_SCRIPT.map(describeStep).join(', ')}) and a delivery after them are needed`,
      );
    await letRetriesFallDue(ctx);
    const deliveries = [...subscription.endpoint.deliveries()];
    await events.learn(deliveries);
    // Judged: the scenario's own events, and whatever the scripted failures hit (on a shared sandbox that may be someone else's event).
    const judged = new Set([...events.ours(deliveries, happened), ...idsOf(deliveries.filter((delivery) => delivery.answer !== 200))]);
    const repeated = [...judged].filter((id) => occurrences(deliveries, id) > 1);
    ctx.check.expect(
      'DL-AT-MOST-ONCE-NO-RETRY',
      repeated.length === 0,
      `after answers 500, none, 202 and a dropped connection: expected no AtMostOnce event more than once; ${repeated.length ? `${repeated.map((id) => `${events.typeOf(id) ?? '?'} ${id} ×${occurrences(deliveries, id)}`).join(', ')} arrived more than once` : `none of ${judged.size} did`}`,
      deliveries,
    );
    checkModeShape(ctx, subscription, deliveries);
    const hung = deliveries.findIndex((delivery) => delivery.answer === 'hung');
    const next = deliveries[hung + 1];
    if (hung >= 0 && next) {
      const waited = next.receivedAt - deliveries[hung]!.receivedAt;
      ctx.check.observe(
        'DL-DELIVERY-TIMEOUT',
        Math.round(waited),
        `the next AtMostOnce event came ${Math.round(waited)} ms after the unanswered one${timeoutMs ? ` (delivery time-out set to ${timeoutMs} ms)` : ''}`,
      );
      if (timeoutMs) {
        ctx.check.expect(
          'DL-AT-MOST-ONCE-SEQUENTIAL',
          waitedForTimeOut(waited, timeoutMs),
          `the event after an unanswered one: expected it after the time-out (${timeoutMs} ms); it came after ${Math.round(waited)} ms`,
          [deliveries[hung]!, next],
        );
      }
    }
  },
});

/**
 * Without clock control retries come in real time. The documents give neither
 * the backoff unit nor the first pause, only Fibonacci steps at most 1 hour
 * apart, so the endpoint fails just twice and the wait is bounded: no retry in
 * that time is not a failure of the target, only no verdict.
 */
const REAL_TIME_SCRIPT: readonly SinkStep[] = [{ status: 500 }, { drop: true }];
const REAL_TIME_RETRY_WAIT_MS = 20_000;
const CLOCK_SCRIPT: readonly SinkStep[] = [{ status: 500 }, { drop: true }, { hang: true }, { status: 503 }, { status: 302 }];

const atLeastOnceRetries = defineScenario({
  id: 'delivery/at-least-once/retried-until-success',
  area: 'delivery',
  requirements: ['DL-AT-LEAST-ONCE-RETRY', 'DL-EVENT-ID-STABLE', 'DL-AT-LEAST-ONCE-SEQUENTIAL', 'DL-BATCH-LIMIT', 'DL-AT-LEAST-ONCE-ARRAY'],
  needs: ['webhookDelivery'],
  eventTriggers: DELIVERY_TRIGGERS,
  // Where the target has a clock, it jumps or speeds it and shortens the delivery time-out for everyone.
  moves: ['clock', 'delivery-timeout'],
  async run(ctx) {
    await ensureSinkReachable(ctx);
    const clock = ctx.control.has('clockControl');
    const { timeoutMs } = await shortenDeliveryTimeout(ctx, SHORT_TIMEOUT_MS);
    // Backoff waits 1, 1, 2, 3 … units; at ×50 a one-second unit passes in 20 ms.
    if (clock) await scaleClock(ctx, 50);
    const script = clock ? CLOCK_SCRIPT : REAL_TIME_SCRIPT;
    const subscription = await subscribe(
      ctx,
      'at-least-once-retries',
      { deliveryMode: 'AtLeastOnce', subscriptionType: 'All' },
      { script },
    );
    const via = chooseTrigger(ctx, DELIVERY_TRIGGERS);
    const happened = await makeEventsHappen(ctx, via === 'injection' ? 10 : 3, DELIVERY_TRIGGERS, ['checkDeposit.created']);
    const events = new DeliveredEvents(ctx);
    const waitMs = clock ? (timeoutMs ? 8000 : UNKNOWN_TIMEOUT_WAIT_MS) : REAL_TIME_RETRY_WAIT_MS;
    const started = performance.now();
    const done = (deliveries: readonly SinkDelivery[]): boolean =>
      deliveries.length >= script.length &&
      retryProgress(deliveries).unaccepted.length === 0 &&
      events.missing(deliveries.filter(succeeded), happened.expected).length === 0;
    // The gaps here are the target's backoff between retries (not delivery delay): the quiet time grows with the
    // longest the run has seen, so a machine that runs the target's timers late waits for them as long as they keep pace.
    for (let floorMs = waitMs; ;) {
      if (await events.waitFor(subscription.endpoint, done, floorMs, false)) break;
      const owed = retryPacedQuietMs(subscription.endpoint.deliveries());
      const sinceLast = nowMs() - (subscription.endpoint.deliveries().at(-1)?.receivedAt ?? 0);
      if (!clock || owed <= sinceLast || nowMs() >= patienceEnd(ctx)) break;
      floorMs = owed - sinceLast;
    }
    const deliveries = [...subscription.endpoint.deliveries()];
    await events.learn(deliveries);
    const progress = retryProgress(deliveries);
    const lost = events.missing(deliveries.filter(succeeded), happened.expected);
    const failures = deliveries.filter((delivery) => !succeeded(delivery)).length;
    const complete = progress.unaccepted.length === 0 && lost.length === 0 && failures >= script.length;
    // Only a retry still owed leaves the real-time wait without a verdict; events that never came at all are judged.
    const noVerdict =
      !clock && progress.unaccepted.length > 0 ? overdueOrUnknown(deliveries, progress, performance.now() - started) : undefined;
    if (noVerdict) ctx.check.untestable('DL-AT-LEAST-ONCE-RETRY', noVerdict, deliveries.slice(0, 4));
    else
      ctx.check.expect(
        'DL-AT-LEAST-ONCE-RETRY',
        complete,
        `after ${failures} failed attempts: expected every AtLeastOnce event finally accepted; ${progress.unaccepted.length ? `${progress.unaccepted.length} events of failed attempts never were (${progress.unaccepted.slice(0, 5).join(', ')})` : 'all events of failed attempts were'}` +
          `${lost.length ? `; ${lost.length} of the ${happened.expected.length} events made to happen never were` : ''}${failures < script.length ? `; only ${failures} of ${script.length} scripted failures happened` : ''}` +
          (complete ? '' : events.waitedFor(subscription.endpoint)),
        deliveries,
      );

    // The same id must always describe the same event: a retry is a copy, never a re-issue.
    const versions = new Map<string, Set<string>>();
    const idsByContent = new Map<string, Set<string>>();
    for (const delivery of deliveries) {
      for (const item of delivery.payload.events) {
        const event = item.event as { type?: unknown; attributes?: { createdAt?: unknown }; relationships?: unknown } | undefined;
        if (!event) continue;
        versions.set(item.id, (versions.get(item.id) ?? new Set()).add(JSON.stringify([event.type, event.attributes?.createdAt])));
        const content = JSON.stringify([event.type, event.attributes?.createdAt, event.relationships ?? null]);
        idsByContent.set(content, (idsByContent.get(content) ?? new Set()).add(item.id));
      }
    }
    const changed = [...versions].filter(([, seen]) => seen.size > 1).map(([id]) => id);
    const ours = events.ours(deliveries, happened);
    const reissued = [...idsByContent.values()]
      .filter((ids) => ids.size > 1 && [...ids].some((id) => ours.has(id)))
      .map((ids) => [...ids].join(' = '));
    ctx.check.expect(
      'DL-EVENT-ID-STABLE',
      changed.length === 0 && reissued.length === 0,
      `retried events: expected the same id and content; ${changed.length ? `${changed.join(', ')} changed between attempts` : 'none changed'}${reissued.length ? `; the same event arrived under several ids: ${reissued.slice(0, 3).join('; ')}` : ''}`,
      deliveries.slice(0, 2),
    );
    checkModeShape(ctx, subscription, deliveries);
    const hung = deliveries.findIndex((delivery) => delivery.answer === 'hung');
    const next = deliveries[hung + 1];
    if (hung >= 0 && next && timeoutMs) {
      const waited = next.receivedAt - deliveries[hung]!.receivedAt;
      ctx.check.expect(
        'DL-AT-LEAST-ONCE-SEQUENTIAL',
        waitedForTimeOut(waited, timeoutMs),
        `the retry after an unanswered batch: expected it after the time-out (${timeoutMs} ms); it came after ${Math.round(waited)} ms`,
        [deliveries[hung]!, next],
      );
    }
  },
});

const BURST = 200;
/** Applications approved when events cannot be injected: ~4 events each on the emulator, at least one (customer.created) anywhere. */
const BURST_APPROVALS = 25;
/** Events made to happen one by one queue up only while the first delivery waits for its answer. */
const HOLD_FIRST_ANSWER_MS = 2500;

const atLeastOnceBurst = defineScenario({
  id: 'delivery/at-least-once/burst',
  area: 'delivery',
  requirements: ['DL-BATCH-LIMIT', 'DL-AT-LEAST-ONCE-ARRAY', 'DL-BATCH-SIZES', 'DL-AT-LEAST-ONCE-SEQUENTIAL', 'DL-AT-LEAST-ONCE-RETRY'],
  needs: ['webhookDelivery'],
  eventTriggers: DELIVERY_TRIGGERS,
  // Its burst queues up at every AtMostOnce webhook of the scenarios beside it.
  moves: ['event-volume'],
  async run(ctx) {
    await ensureSinkReachable(ctx);
    const injection = chooseTrigger(ctx, DELIVERY_TRIGGERS) === 'injection';
    const subscription = await subscribe(ctx, 'burst', { deliveryMode: 'AtLeastOnce', subscriptionType: 'All' });
    // A slow endpoint makes events queue up, so batching and overlap show.
    subscription.endpoint.setScript(injection ? [] : [{ status: 200, delayMs: HOLD_FIRST_ANSWER_MS }], { status: 200, delayMs: 15 });
    const started = performance.now();
    const happened = await makeEventsHappen(ctx, injection ? BURST : BURST_APPROVALS, DELIVERY_TRIGGERS, ['transaction.created']);
    const triggeredInMs = performance.now() - started;
    const events = new DeliveredEvents(ctx);
    const arrived = await events.arrived(subscription.endpoint, happened.expected, 20_000, happened.since);
    const deliveries = [...subscription.endpoint.deliveries()];
    await events.learn(deliveries);
    const ours = events.ours(deliveries, happened);
    ctx.check.expect(
      'DL-AT-LEAST-ONCE-RETRY',
      arrived,
      `expected every one of the ${happened.expected.length} events made to happen (${happened.via}) at the AtLeastOnce webhook; ${arrived ? 'all came' : `${events.missing(deliveries, happened.expected).length} did not${events.waitedFor(subscription.endpoint)}`}`,
      deliveries.slice(0, 1),
    );
    const sizes = deliveries.map((delivery) => delivery.payload.events.length);
    ctx.check.observe(
      'DL-BATCH-SIZES',
      sizes,
      `${idsOf(deliveries).size} events (${ours.size} of them made to happen here in ${Math.round(triggeredInMs)} ms by ${happened.via}) came in ${sizes.length} batches of ${sizes.join(', ')}`,
    );
    checkModeShape(ctx, subscription, deliveries);
  },
});

export const modeScenarios: Scenario[] = [atMostOnceFailures, atLeastOnceRetries, atLeastOnceBurst];
