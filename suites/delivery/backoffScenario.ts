import { injectEvents } from '../shared/eventInjection.ts';
import { defineScenario, type Scenario } from '../../harness/engine/scenario.ts';
import type { SinkDelivery } from '../../harness/targetIO/webhookSink.ts';
import { checkModeShape } from './deliveryChecks.ts';
import { CAP_SECONDS, fitFibonacci, type MeasuredPause } from './fibonacciFit.ts';
import { scaleClock } from './modeScenarios.ts';
import { carrying, ensureSinkReachable, subscribe, type Subscription } from '../shared/sinkSession.ts';
import { freezeClock, type FrozenMeasurement, measureOnFrozenClock, timersWaiting } from './frozenBackoff.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { type StallWatch, watchStalls } from './stallWatch.ts';
import { awaitDeliveries, describeWait } from '../shared/deliveryWait.ts';

// API 6.1 and 8: a failing AtLeastOnce batch is retried with Fibonacci backoff,
// never more than 1 hour apart. Where the target's clock can be frozen, the pauses
// are measured in its own time by stepping it (suites/delivery/frozenBackoff.ts).
// Elsewhere the clock is sped up so hours pass in
// seconds: first ×40 to measure the early pauses, then ×7200 to reach the cap. A
// pause is measured from the sink's answer to the next attempt and converted to
// the target's time by the scale in force. Timing noise (timers firing late on a
// busy machine) is not the target's fault: each pause is allowed the stalls this
// process went through at its ends (suites/delivery/stallWatch.ts), converted the
// same way.

const EARLY_SCALE = 40;
const LATE_SCALE = 7200;
const EARLY_ATTEMPTS = 9;
const MAX_ATTEMPTS = 24;
/** Real-time noise allowed on every pause even on an idle machine (loopback, scheduling). */
const BASE_NOISE_MS = 15;
/** How long nothing may arrive before an attempt waited for is taken as not coming (more on a target seen slower). */
const ATTEMPT_WAIT_MS = 5000;

interface Pause {
  seconds: number;
  scale: number;
  after: number;
  stallMs: number;
}

function pausesOf(deliveries: readonly SinkDelivery[], scaleChangedAt: number, stalls?: StallWatch): Pause[] {
  const pauses: Pause[] = [];
  for (let index = 1; index < deliveries.length; index += 1) {
    const previous = deliveries[index - 1]!;
    const start = previous.finishedAt ?? previous.receivedAt;
    const end = deliveries[index]!.receivedAt;
    // A pause that straddles the change of scale cannot be converted; leave it out.
    if (start < scaleChangedAt && end > scaleChangedAt) continue;
    const scale = end <= scaleChangedAt ? EARLY_SCALE : LATE_SCALE;
    // Half again the stall, as a margin: the stall's own edges are known to a tick only.
    const stallMs = 1.5 * (stalls?.stallAround(start, end) ?? 0);
    pauses.push({ seconds: ((end - start) / 1000) * scale, scale, after: index, stallMs });
  }
  return pauses;
}

const fmt = (seconds: number): string => (seconds >= 100 ? `${Math.round(seconds)} s` : `${seconds.toFixed(1)} s`);

/** Enough once three pauses sit at the cap: the climb and the ceiling are both in view. */
const enoughPauses = (capped: number, attempts: number): boolean => attempts >= MAX_ATTEMPTS || capped >= 3;

async function firstAttempt(ctx: ScenarioContext, subscription: Subscription): Promise<() => SinkDelivery[]> {
  await injectEvents(ctx.control, { type: 'dispute.created' });
  // The batch at the head of the queue is the one retried: the injected event, or events other scenarios made
  // happen since the webhook was created, ahead of it in the same sequential queue.
  const wait = await awaitDeliveries(ctx, subscription.endpoint, (deliveries) => deliveries.length > 0, ATTEMPT_WAIT_MS);
  if (!wait.settled) throw new Error(`the first delivery attempt never arrived (${describeWait(wait)})`);
  const ids = new Set(subscription.endpoint.deliveries()[0]!.payload.events.map((event) => event.id));
  return () => carrying(subscription.endpoint.deliveries(), ids);
}

interface Judged {
  pauses: MeasuredPause[];
  /** Real-time noise every pause is allowed (0 on a frozen clock), beyond its own stallMs. */
  noiseMs: number;
  how: string;
  /** Why the cap is broken, beyond a measured pause: no retry came at all. */
  capBroken?: string;
}

function judgeBackoff(ctx: ScenarioContext, subscription: Subscription, deliveries: SinkDelivery[], judged: Judged): void {
  const { pauses, noiseMs, how } = judged;
  const listing = pauses.map((p) => fmt(p.seconds)).join(', ');
  const fit = fitFibonacci(pauses, noiseMs);
  ctx.check.observe(
    'DL-BACKOFF-UNIT',
    Number(fit.unitSeconds.toFixed(2)),
    `the pauses fit unit ${fmt(fit.unitSeconds)} × Fibonacci from F(${fit.start + 1}); the first pause was ${fmt(pauses[0]!.seconds)} of emulator time`,
  );
  ctx.check.expect(
    'DL-BACKOFF-FIBONACCI',
    fit.deviations.length === 0,
    `pauses between retries: expected Fibonacci (any start); observed ${listing}; closest: ${fmt(fit.unitSeconds)} × F(${fit.start + 1}…), capped at 1 h; ${how}` +
      (fit.deviations.length ? `; ${fit.deviations.slice(0, 4).join('; ')}` : ''),
    { details: { pauses: pauses.map((p) => p.seconds), expected: fit.expected, noiseMs } },
  );
  const longest = Math.max(...pauses.map((p) => p.seconds));
  const overCap = pauses.some((p) => p.seconds > CAP_SECONDS * 1.05 + ((noiseMs + (p.stallMs ?? 0)) / 1000) * p.scale);
  const reached = pauses.some((p) => p.seconds >= CAP_SECONDS * 0.8);
  ctx.check.expect(
    'DL-BACKOFF-CAP',
    !overCap && !judged.capBroken,
    `pauses between retries: expected none over 1 hour; ${judged.capBroken ?? `the longest was ${fmt(longest)}${reached ? ' (the pauses reached the cap)' : ` after ${deliveries.length} attempts (the cap was not reached)`}`}; ${how}`,
    { details: { pauses: pauses.map((p) => p.seconds), noiseMs } },
  );
  checkModeShape(ctx, subscription, deliveries);
}

/** On a frozen clock: exact to one step, whatever the machine is doing. */
async function onFrozenClock(ctx: ScenarioContext, subscription: Subscription): Promise<void> {
  const timers = await timersWaiting(ctx);
  const attempts = await firstAttempt(ctx, subscription);
  const measured: FrozenMeasurement = await measureOnFrozenClock(ctx, subscription.endpoint, attempts, timers, (pauses, count) =>
    enoughPauses(pauses.filter((p) => p.upperSeconds >= CAP_SECONDS * 0.8).length, count),
  );
  const deliveries = attempts();
  const { noRetryAfter } = measured;
  const capBroken = noRetryAfter && `no retry came within ${fmt(noRetryAfter.waitedSeconds)} after attempt ${noRetryAfter.attempt}`;
  if (measured.pauses.length < 6 && !capBroken) throw new Error(`only ${deliveries.length} attempts arrived; the backoff cannot be judged`);
  // The cap is broken only by a pause certainly longer than an hour: the lower end of its step.
  const over = measured.pauses.find((p) => p.lowerSeconds > CAP_SECONDS * 1.05);
  // A widened pause bounds the truth but too loosely to fit: it is judged only against the cap.
  const pauses: MeasuredPause[] = measured.pauses
    .filter((p) => !p.widened)
    .map((p) => ({
      position: p.position,
      seconds: p.lowerSeconds > CAP_SECONDS * 1.05 ? p.lowerSeconds : (p.lowerSeconds + p.upperSeconds) / 2,
      scale: 1,
    }));
  if (pauses.length < 3 && !capBroken && !over) {
    const longest = Math.max(...measured.pauses.map((p) => p.upperSeconds));
    ctx.check.untestable('DL-BACKOFF-FIBONACCI', `only ${pauses.length} pauses were measured apart from other webhooks' retries`);
    ctx.check.expect(
      'DL-BACKOFF-CAP',
      longest <= CAP_SECONDS * 1.05,
      `pauses between retries: expected none over 1 hour; each was at most ${fmt(longest)}`,
    );
    checkModeShape(ctx, subscription, deliveries);
    return;
  }
  if (pauses.length < 3) {
    // Only a target that stopped retrying gets here (capBroken is set).
    ctx.check.fail('DL-BACKOFF-CAP', `pauses between retries: expected none over 1 hour; ${capBroken}`, deliveries);
    ctx.check.untestable('DL-BACKOFF-FIBONACCI', `only ${pauses.length} retries came: too few to judge the sequence`);
    checkModeShape(ctx, subscription, deliveries);
    return;
  }
  judgeBackoff(ctx, subscription, deliveries, {
    pauses,
    noiseMs: 0,
    how: 'measured on the target clock frozen and stepped, each pause to within 5 %',
    ...(capBroken || over ? { capBroken: capBroken ?? `pause ${over!.position + 1} was longer than ${fmt(over!.lowerSeconds)}` } : {}),
  });
}

/** On a sped-up clock: each pause allowed the stalls this process went through at its ends. */
async function onScaledClock(ctx: ScenarioContext, subscription: Subscription): Promise<void> {
  const stalls = watchStalls();
  try {
    await scaleClock(ctx, EARLY_SCALE);
    const attempts = await firstAttempt(ctx, subscription);
    await awaitDeliveries(ctx, subscription.endpoint, () => attempts().length >= EARLY_ATTEMPTS, ATTEMPT_WAIT_MS, true, false);
    await ctx.control.setClockScale(LATE_SCALE);
    const scaleChangedAt = performance.timeOrigin + performance.now();
    const cappedPauses = () => pausesOf(attempts(), scaleChangedAt).filter((p) => p.seconds >= CAP_SECONDS * 0.8).length;
    const late = await awaitDeliveries(
      ctx,
      subscription.endpoint,
      () => enoughPauses(cappedPauses(), attempts().length),
      ATTEMPT_WAIT_MS,
      true,
      false,
    );
    const deliveries = attempts();
    const pauses = pausesOf(deliveries, scaleChangedAt, stalls);
    if (pauses.length < 6)
      throw new Error(`only ${deliveries.length} attempts arrived (${describeWait(late)}); the backoff cannot be judged`);
    const measured: MeasuredPause[] = pauses.map((p) => ({
      position: p.after - 1,
      seconds: p.seconds,
      scale: p.scale,
      ...(p.stallMs ? { stallMs: p.stallMs } : {}),
    }));
    const fit = fitFibonacci(measured, BASE_NOISE_MS);
    const stalled = measured.filter((p) => p.stallMs).map((p) => `${p.position + 1} (+${p.stallMs!.toFixed(0)} ms)`);
    const how =
      `timing noise allowed ${BASE_NOISE_MS} ms real time per pause (fitted common lag ${fit.lagMs.toFixed(1)} ms)` +
      (stalled.length ? `, more for pauses this process stalled at: ${stalled.join(', ')}` : '');
    judgeBackoff(ctx, subscription, deliveries, { pauses: measured, noiseMs: BASE_NOISE_MS, how });
  } finally {
    stalls.stop();
  }
}

const backoff = defineScenario({
  id: 'delivery/at-least-once/fibonacci-backoff',
  area: 'delivery',
  requirements: [
    'DL-BACKOFF-FIBONACCI',
    'DL-BACKOFF-CAP',
    'DL-BACKOFF-UNIT',
    'DL-AT-LEAST-ONCE-SEQUENTIAL',
    'DL-BATCH-LIMIT',
    'DL-AT-LEAST-ONCE-ARRAY',
  ],
  needs: ['clockControl', 'eventInjection', 'webhookDelivery'],
  async run(ctx) {
    await ensureSinkReachable(ctx);
    // Failing from its first request: a batch of other scenarios' events answered 200 before would be taken for attempt 1.
    const subscription = await subscribe(
      ctx,
      'backoff',
      { deliveryMode: 'AtLeastOnce', subscriptionType: 'All' },
      { fallback: { status: 500 } },
    );
    if (await freezeClock(ctx)) await onFrozenClock(ctx, subscription);
    else await onScaledClock(ctx, subscription);
  },
});

export const backoffScenarios: Scenario[] = [backoff];
