import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import type { SinkDelivery, SinkEndpoint } from '../../harness/targetIO/webhookSink.ts';
import { waitOnTarget } from '../../harness/records/runMetrics.ts';

// Waiting for deliveries, retries and resent copies as the target makes progress
// (6.1 gives no delivery time; "delays can occur under load"). A wait goes on while
// deliveries keep arriving: it ends once nothing arrived for the quiet time, which is
// the caller's floor or twice the longest delivery delay the run has measured
// (harness/targetIO/deliveryLatency.ts), whichever is longer, and in any case once the
// scenario has spent its delivery patience (the manifest's deliveryPatienceMs). Each
// arrival a wait sees is a measurement for the next ones.
//
// Time the target spends working through what stands ahead of the awaited events is not
// charged to the patience: under AtMostOnce one delivery at a time (6.1), a webhook
// subscribed to much receives first the events made before ours. A wait told which
// arrivals carry such events (`ahead`) gives the scenario back the time up to each
// arrival of one it had not seen. Each gap is shorter than the quiet time and there are
// only so many such events, so the wait still ends.

export interface DeliveryWait {
  /** Whether what was waited for came. */
  settled: boolean;
  waitedMs: number;
  /** Deliveries that reached the endpoint while it waited. */
  arrived: number;
  /** What ended a wait that did not settle: nothing arrived for the quiet time, or the scenario's patience was spent. */
  ranOut?: { quietMs: number } | { patienceMs: number };
}

export const nowMs = (): number => performance.timeOrigin + performance.now();

/** When each scenario's delivery patience ends, keyed by its check recorder (one per scenario, kept by context copies). */
const patienceEnds = new WeakMap<object, number>();

/** When the scenario's patience ends (the manifest's deliveryPatienceMs from its first wait): event lookups share it (eventWait.ts). */
export function patienceEnd(ctx: ScenarioContext): number {
  let end = patienceEnds.get(ctx.check);
  if (end === undefined) {
    end = nowMs() + ctx.target.deliveryPatienceMs;
    patienceEnds.set(ctx.check, end);
  }
  return end;
}

/** How long nothing may arrive before the scenario takes it that nothing more will: `floorMs`, or more on a slow target. */
export const quietMs = (ctx: ScenarioContext, floorMs: number): number => ctx.sink.latency.quietMs(floorMs);

/** Waits the quiet time for deliveries that must not come (stragglers, a Disabled webhook), bounded like any other wait. */
export async function watchQuietly(ctx: ScenarioContext, floorMs: number): Promise<void> {
  await waitOnTarget(Math.max(0, Math.min(quietMs(ctx, floorMs), patienceEnd(ctx) - nowMs())));
}

/** Notes a delivery delay measured elsewhere (from the moment a delivery fell due to its arrival). */
export const noteDeliveryDelay = (ctx: ScenarioContext, ms: number): void => ctx.sink.latency.note(ms);

/**
 * Resolves once `settled` holds over what the endpoint received, or once nothing more
 * arrived for the quiet time (from `floorMs` up), or once the scenario's patience is spent.
 * `extendsOnArrival` false: for what must not come (a copy nobody asked for), only the
 * quiet time from the start is waited; others' deliveries arriving meanwhile prolong nothing.
 * `measuresDelay` false: the gaps between arrivals are the target's backoff between retries,
 * not how late its deliveries come, and teach the later waits nothing.
 */
export async function awaitDeliveries(
  ctx: ScenarioContext,
  endpoint: SinkEndpoint,
  settled: (deliveries: readonly SinkDelivery[]) => boolean | Promise<boolean>,
  floorMs: number,
  extendsOnArrival = true,
  measuresDelay = true,
  /** The ids of events made before the awaited ones that a delivery carries (read after `settled` saw it). */
  ahead?: (delivery: SinkDelivery) => readonly string[],
): Promise<DeliveryWait> {
  const started = nowMs();
  const before = endpoint.deliveries().length;
  let lastProgress = started;
  let lastArrival = started;
  const aheadSeen = new Set<string>();
  // From when the wait's time is charged: its start, then each arrival of an event made before ours.
  let chargedFrom = started;
  let read = before;
  for (;;) {
    const deliveries = [...endpoint.deliveries()];
    const outcome = (ranOut?: DeliveryWait['ranOut']): DeliveryWait => ({
      settled: ranOut === undefined,
      waitedMs: nowMs() - started,
      arrived: deliveries.length - before,
      ...(ranOut ? { ranOut } : {}),
    });
    if (await settled(deliveries)) return outcome();
    for (; ahead && read < deliveries.length; read += 1) {
      const delivery = deliveries[read]!;
      const unseen = ahead(delivery).filter((id) => !aheadSeen.has(id));
      for (const id of unseen) aheadSeen.add(id);
      if (unseen.length > 0 && delivery.receivedAt > chargedFrom) {
        patienceEnds.set(ctx.check, patienceEnd(ctx) + (delivery.receivedAt - chargedFrom));
        chargedFrom = delivery.receivedAt;
      }
    }
    const quiet = quietMs(ctx, floorMs);
    const end = patienceEnd(ctx);
    const left = Math.min(lastProgress + quiet, end) - nowMs();
    if (left <= 0) return outcome(lastProgress + quiet <= end ? { quietMs: quiet } : { patienceMs: ctx.target.deliveryPatienceMs });
    if (await endpoint.waitFor((all) => all.length > deliveries.length, left)) {
      const arrival = endpoint.deliveries()[deliveries.length]?.receivedAt ?? nowMs();
      if (measuresDelay) ctx.sink.latency.note(arrival - lastArrival);
      lastArrival = Math.max(lastArrival, arrival);
      if (extendsOnArrival) lastProgress = lastArrival;
    }
  }
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** What a wait that did not settle went through, for a check message or an untestable reason. */
export function describeWait(wait: DeliveryWait): string {
  const end =
    wait.ranOut && 'patienceMs' in wait.ranOut
      ? `the scenario's delivery patience (${seconds(wait.ranOut.patienceMs)}, deliveryPatienceMs) ran out`
      : `nothing more came for ${seconds(wait.ranOut?.quietMs ?? 0)}`;
  return `waited ${seconds(wait.waitedMs)}, in which ${wait.arrived} deliveries arrived; ${end}`;
}
