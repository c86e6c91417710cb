import { injectEvents } from '../../harness/eventInjection.ts';
import { defineScenario, type Scenario } from '../../harness/scenario.ts';
import type { SinkDelivery } from '../../harness/webhookSink.ts';
import { checkModeShape } from './deliveryChecks.ts';
import { scaleClock } from './modeScenarios.ts';
import { carrying, ensureSinkReachable, hasAll, subscribe } from './sinkSession.ts';

// API 6.1 and 8: a failing AtLeastOnce batch is retried with Fibonacci backoff,
// never more than 1 hour apart. The emulator clock is sped up so hours pass in
// seconds: first ×40 to measure the early pauses (1, 1, 2, 3, 5 … units), then
// ×7200 to reach the cap. A pause is measured from the sink's answer to the next
// attempt, converted to emulator time by the scale in force.

const EARLY_SCALE = 40;
const LATE_SCALE = 7200;
const EARLY_ATTEMPTS = 9;
const MAX_ATTEMPTS = 24;
const HOUR_S = 3600;
/** Relative tolerance on each pause, plus network latency expressed in emulator seconds. */
const TOLERANCE = 0.2;
const latencySlack = (scale: number): number => (12 / 1000) * scale;

interface Pause { seconds: number; scale: number; after: number }

function pausesOf(deliveries: readonly SinkDelivery[], scaleChangedAt: number): Pause[] {
  const pauses: Pause[] = [];
  for (let index = 1; index < deliveries.length; index += 1) {
    const previous = deliveries[index - 1]!;
    const start = previous.finishedAt ?? previous.receivedAt;
    const end = deliveries[index]!.receivedAt;
    // A pause that straddles the change of scale cannot be converted; leave it out.
    if (start < scaleChangedAt && end > scaleChangedAt) continue;
    const scale = end <= scaleChangedAt ? EARLY_SCALE : LATE_SCALE;
    pauses.push({ seconds: ((end - start) / 1000) * scale, scale, after: index });
  }
  return pauses;
}

const fmt = (seconds: number): string => (seconds >= 100 ? `${Math.round(seconds)} s` : `${seconds.toFixed(1)} s`);

const backoff = defineScenario({
  id: 'delivery/at-least-once/fibonacci-backoff',
  area: 'delivery',
  title: 'Retries of a failing AtLeastOnce batch MUST pause in Fibonacci steps and never more than 1 hour apart',
  requirements: ['DL-BACKOFF-FIBONACCI', 'DL-BACKOFF-CAP', 'DL-BACKOFF-UNIT', 'DL-AT-LEAST-ONCE-SEQUENTIAL', 'DL-BATCH-LIMIT'],
  needs: ['clockControl', 'eventInjection', 'webhookDelivery'],
  async run(ctx) {
    await ensureSinkReachable(ctx);
    const subscription = await subscribe(ctx, 'backoff', { deliveryMode: 'AtLeastOnce', subscriptionType: 'All' });
    subscription.endpoint.setScript([], { status: 500 });
    await scaleClock(ctx, EARLY_SCALE);
    const [event] = await injectEvents(ctx.control, { type: 'dispute.created' });
    const ids = new Set([event!.id]);
    const attempts = () => carrying(subscription.endpoint.deliveries(), ids);
    if (!(await subscription.endpoint.waitFor(hasAll(ids), 5000))) throw new Error('the first delivery attempt never arrived');
    await subscription.endpoint.waitFor(() => attempts().length >= EARLY_ATTEMPTS, 10_000);
    await ctx.control.setClockScale(LATE_SCALE);
    const scaleChangedAt = performance.timeOrigin + performance.now();
    // Long enough for ~4 hours of emulator time: the Fibonacci climb to the cap plus a few capped pauses.
    // Enough once three pauses sit at the cap: the climb and the ceiling are both in view.
    const cappedPauses = () => pausesOf(attempts(), scaleChangedAt).filter((p) => p.seconds >= HOUR_S * 0.8).length;
    await subscription.endpoint.waitFor(() => attempts().length >= MAX_ATTEMPTS || cappedPauses() >= 3, 12_000);
    const deliveries = attempts();
    const pauses = pausesOf(deliveries, scaleChangedAt);
    const listing = pauses.map((p) => fmt(p.seconds)).join(', ');
    if (pauses.length < 6) throw new Error(`only ${deliveries.length} attempts arrived; the backoff cannot be judged`);

    ctx.check.observe('DL-BACKOFF-UNIT', Number(pauses[0]!.seconds.toFixed(2)), `the first pause was ${fmt(pauses[0]!.seconds)} of emulator time`);

    // Fibonacci: p1 ≈ p0, then each pause ≈ the sum of the two before it, until the cap.
    const deviations: string[] = [];
    for (let i = 1; i < pauses.length; i += 1) {
      const current = pauses[i]!;
      const previous = pauses[i - 1]!;
      if (current.after !== previous.after + 1) continue;
      const beforePrevious = pauses[i - 2];
      const chained = beforePrevious && beforePrevious.after === previous.after - 1;
      const expected = i === 1 ? previous.seconds : chained ? previous.seconds + beforePrevious.seconds : undefined;
      if (expected === undefined || expected >= HOUR_S * 0.95) continue;
      const slack = TOLERANCE * expected + latencySlack(current.scale);
      if (Math.abs(current.seconds - Math.min(expected, HOUR_S)) > slack) deviations.push(`pause ${i + 1} was ${fmt(current.seconds)}, expected ${fmt(Math.min(expected, HOUR_S))}`);
    }
    ctx.check.expect('DL-BACKOFF-FIBONACCI', deviations.length === 0,
      `pauses between retries MUST follow Fibonacci; observed ${listing}${deviations.length ? `; ${deviations.slice(0, 4).join('; ')}` : ''}`, { details: { pauses: pauses.map((p) => p.seconds) } });

    const longest = Math.max(...pauses.map((p) => p.seconds));
    const ceiling = HOUR_S * 1.05 + latencySlack(LATE_SCALE);
    const reached = pauses.some((p) => p.seconds >= HOUR_S * 0.8);
    ctx.check.expect('DL-BACKOFF-CAP', longest <= ceiling,
      `no pause between retries MUST exceed 1 hour; the longest was ${fmt(longest)}${reached ? ' (the pauses reached the cap)' : ` after ${deliveries.length} attempts (the cap was not reached)`}`, { details: { pauses: pauses.map((p) => p.seconds) } });
    checkModeShape(ctx, subscription, deliveries);
  },
});

export const backoffScenarios: Scenario[] = [backoff];
