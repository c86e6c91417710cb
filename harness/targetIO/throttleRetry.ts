// A shared sandbox rate-limits and sometimes sheds load. Neither is the target
// failing a requirement: a 429 (any method; the request was not processed) and
// a 503 on a read are waited out and retried, within bounds, and counted so the
// run can say how much throttling stretched it.

/** How long one call may spend waiting out throttling before it gives up. */
export const THROTTLE_BUDGET_MS = 120_000;
/** A Retry-After longer than this is not honoured in full (the budget still bounds the total). */
const MAX_SINGLE_WAIT_MS = 30_000;
/** Without Retry-After: 0.5 s, 1 s, 2 s, … up to this. */
const MAX_BACKOFF_MS = 8_000;
const MAX_RETRIES = 12;

export interface ThrottleTally {
  /** Answers 429 Too Many Requests that were retried. */
  tooManyRequests: number;
  /** Answers 503 to a read that were retried. */
  unavailable: number;
  /** Total time spent waiting before retries. */
  waitedMs: number;
}

export const emptyTally = (): ThrottleTally => ({ tooManyRequests: 0, unavailable: 0, waitedMs: 0 });

export function addTallies(into: ThrottleTally, from: ThrottleTally): ThrottleTally {
  into.tooManyRequests += from.tooManyRequests;
  into.unavailable += from.unavailable;
  into.waitedMs += from.waitedMs;
  return into;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether this answer is throttling to be waited out rather than judged. */
export function isThrottled(method: string, status: number): boolean {
  return status === 429 || (status === 503 && READS.has(method.toUpperCase()));
}

/**
 * Whether the target asks the run to send less (`--concurrency auto` halves, harness/targetIO/adaptiveConcurrency.ts):
 * throttling, or any answer carrying Retry-After (a 503 to a write is not retried, yet says the same).
 */
export function asksToSlowDown(method: string, status: number, retryAfter: string | undefined): boolean {
  return isThrottled(method, status) || (retryAfter !== undefined && status >= 400);
}

/**
 * Retry-After in milliseconds: delta-seconds or an HTTP date (RFC 9110 10.2.3); undefined when
 * absent or unreadable. A date is read against the answer's own Date header when it has one, so
 * that a target whose clock is not ours is waited out for as long as it asked, not for the skew.
 */
export function retryAfterMs(header: string | undefined, nowMs = Date.now(), answeredAt?: string): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  const targetNow = answeredAt === undefined ? Number.NaN : Date.parse(answeredAt);
  return Math.max(0, date - (Number.isNaN(targetNow) ? nowMs : targetNow));
}

/**
 * The wait before retry number `attempt` (0-based), or undefined when the call
 * has retried enough or would exceed its budget.
 */
export function nextWaitMs(
  attempt: number,
  retryAfter: string | undefined,
  waitedSoFarMs: number,
  answeredAt?: string,
): number | undefined {
  if (attempt >= MAX_RETRIES) return undefined;
  const asked = retryAfterMs(retryAfter, Date.now(), answeredAt);
  const wait = Math.min(asked ?? Math.min(500 * 2 ** attempt, MAX_BACKOFF_MS), MAX_SINGLE_WAIT_MS);
  if (waitedSoFarMs + wait > THROTTLE_BUDGET_MS) return undefined;
  return wait;
}
