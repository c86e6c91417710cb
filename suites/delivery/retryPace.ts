import type { SinkDelivery } from '../../harness/targetIO/webhookSink.ts';

// The pace of a target's retries (API 6.1: AtLeastOnce retries a failed batch with a Fibonacci backoff, "at most 1
// hour" apart): which events of failed attempts are still owed, and, from the gaps the target kept, how long a retry
// may still take before it is overdue. What delivery/at-least-once/retried-until-success waits by and judges by.

export const succeeded = (delivery: SinkDelivery): boolean =>
  typeof delivery.answer === 'number' && delivery.answer >= 200 && delivery.answer < 300;

/** Ids of the events these deliveries carried. */
export const idsOf = (deliveries: readonly SinkDelivery[]): Set<string> =>
  new Set(deliveries.flatMap((delivery) => delivery.payload.events.map((event) => event.id)));

/** Consecutive Fibonacci steps grow by at most ×2 (1 → 2); beyond that the next retry is overdue. */
export const FIBONACCI_MAX_RATIO = 2;
export const RETRY_GRACE_MS = 2000;

export interface RetryProgress {
  /** Ids of the events of every failed attempt. */
  failedIds: Set<string>;
  /** Of those, the ones no later attempt got accepted. */
  unaccepted: string[];
  /** Attempts that carried an event of an earlier failed attempt. */
  retries: SinkDelivery[];
}

export function retryProgress(deliveries: readonly SinkDelivery[]): RetryProgress {
  const failedIds = new Set<string>();
  const retries: SinkDelivery[] = [];
  for (const delivery of deliveries) {
    if (delivery.payload.events.some((event) => failedIds.has(event.id))) retries.push(delivery);
    if (!succeeded(delivery)) for (const event of delivery.payload.events) failedIds.add(event.id);
  }
  const accepted = idsOf(deliveries.filter(succeeded));
  return { failedIds, unaccepted: [...failedIds].filter((id) => !accepted.has(id)), retries };
}

export const endOf = (delivery: SinkDelivery): number => delivery.finishedAt ?? delivery.receivedAt;
const shareAnEvent = (a: SinkDelivery, b: SinkDelivery): boolean =>
  a.payload.events.some((event) => b.payload.events.some((other) => other.id === event.id));

/**
 * How long after the last retry-chain arrival a retry may still come, by the pace the target kept: twice the longest gap
 * between the attempts that carried a failed batch (Fibonacci steps grow by at most ×2), with the grace; 0 while none is owed.
 */
export function retryPacedQuietMs(deliveries: readonly SinkDelivery[]): number {
  const progress = retryProgress(deliveries);
  if (progress.unaccepted.length === 0) return 0;
  const chain = deliveries.filter((delivery) => delivery.payload.events.some((event) => progress.failedIds.has(event.id)));
  const longestGap = chain.slice(1).reduce((longest, delivery, index) => Math.max(longest, delivery.receivedAt - endOf(chain[index]!)), 0);
  return FIBONACCI_MAX_RATIO * longestGap + RETRY_GRACE_MS;
}

/** Why the bounded real-time wait gives no verdict, or undefined when a retry is overdue by the Fibonacci rule. */
export function overdueOrUnknown(deliveries: readonly SinkDelivery[], progress: RetryProgress, waitedMs: number): string | undefined {
  const noVerdict =
    `no retry of the failed batch arrived within ${Math.round(waitedMs / 1000)} s; the documents give neither the backoff unit nor the first pause ` +
    '(only Fibonacci steps at most 1 hour apart), so a later retry would still conform. Judge on a target with clockControl';
  const unaccepted = new Set(progress.unaccepted);
  const lastFailure = deliveries.findLast(
    (delivery) => !succeeded(delivery) && delivery.payload.events.some((event) => unaccepted.has(event.id)),
  );
  const retry = progress.retries.at(-1);
  const retried =
    retry && deliveries.findLast((delivery) => delivery.index < retry.index && !succeeded(delivery) && shareAnEvent(delivery, retry));
  if (!lastFailure || !retry || !retried) return noVerdict;
  // Once a pause has been seen, the next one is at most twice as long (Fibonacci steps grow by at most ×2).
  const lastPause = retry.receivedAt - endOf(retried);
  const since = performance.timeOrigin + performance.now() - endOf(lastFailure);
  return since > FIBONACCI_MAX_RATIO * lastPause + RETRY_GRACE_MS ? undefined : noVerdict;
}
