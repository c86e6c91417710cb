import type { CheckRecorder } from '../harness/records/checkRecorder.ts';
import type { JudgedCall } from './clientChecks.ts';
import { PERTURBATION_NAMES, PERTURBATIONS, type PerturbationName, requirementsOf, RETRY_AFTER_SECONDS } from './perturbations.ts';

// What the client did next after each perturbation of its plan (client/perturbations.ts), judged
// from the recording: it went on, it retried, when, how often, and whether a retried create made
// a duplicate. A perturbation the plan left out, or one the client never gave a chance to, SKIPs.

/** What the perturbation judges read: the calls in order, the plan, and how the client's command ended. */
export interface PerturbedRun {
  calls: readonly JudgedCall[];
  plan: readonly PerturbationName[];
  /** Absent for a client started elsewhere, which gives no exit. */
  exit?: { code: number | null; signal: string | null };
}

/** Timers may fire a little early; a retry this close to the Retry-After still waited it out. */
const TIMER_TOLERANCE_MS = 50;

const sameRequest = (a: JudgedCall, b: JudgedCall) =>
  a.request.method === b.request.method && a.request.target === b.request.target && a.request.body.equals(b.request.body);
const exitText = ({ code, signal }: NonNullable<PerturbedRun['exit']>) => (signal ? `was ended by ${signal}` : `exited ${code}`);

/** Where the perturbation was applied (the first call `where` admits), or why it cannot be judged. */
function applied(
  name: PerturbationName,
  run: PerturbedRun,
  where: (call: JudgedCall) => boolean = () => true,
): { at: number; facts: Record<string, number | string> } | string {
  if (!run.plan.includes(name)) return `the plan left out ${name}`;
  const at = run.calls.findIndex((call) => where(call) && call.request.perturbed?.some((bent) => bent.name === name));
  if (at < 0) return `${name} was planned, but the client never made the call it bends (${PERTURBATIONS[name].description})`;
  return { at, facts: run.calls[at]!.request.perturbed!.find((bent) => bent.name === name)!.facts };
}

/** The calls after the perturbed one that send it again: the same method, target and body. */
const retriesOf = (run: PerturbedRun, at: number) => run.calls.slice(at + 1).filter((call) => sameRequest(call, run.calls[at]!));

const made = (call: JudgedCall) => (call.request.status ?? 0) >= 200 && (call.request.status ?? 0) < 300;

/** The SHOULD of HTTP (RFC 9110 9.2.2) the slow answer is judged by besides its observation. */
const NO_DUPLICATE = PERTURBATIONS['slow-answer'].alsoJudgedBy[0];

/** Each perturbation's requirements: the one it is named by in client/perturbations.ts, and any other its judge records. */
export const PERTURBATION_REQUIREMENTS: Record<PerturbationName, readonly string[]> = Object.fromEntries(
  PERTURBATION_NAMES.map((name) => [name, requirementsOf(name)]),
) as Record<PerturbationName, readonly string[]>;

/**
 * Whether sending a slow create again made a second resource: only what happened is judged. A client that waited the
 * answer out sent nothing again for want of it; one that gave up and did not send the same create again, or sent it and
 * was refused, made no second resource; one whose retry was answered 2xx made one, whatever it read first, since the
 * held create had been made and no read could have shown otherwise.
 */
function judgeDuplicate(run: PerturbedRun, where: { at: number; facts: Record<string, number | string> }, check: CheckRecorder): void {
  const slow = run.calls[where.at]!;
  const { exchange } = slow;
  const what = `${slow.subject}: answer held ${where.facts.heldMs} ms (documented time-out ${where.facts.timeoutMs} ms)`;
  if (!made(slow))
    return check.skip(
      NO_DUPLICATE,
      `${what}: the create was answered ${slow.request.status ?? 'nothing'}, so it made nothing a retry could duplicate`,
    );
  const expected = 'expected no second resource from the same create sent again';
  const gaveUpAfterMs = slow.request.gaveUpAfterMs;
  if (gaveUpAfterMs === undefined)
    return check.pass(NO_DUPLICATE, `${what}: ${expected}; got the answer waited out, so the client knew the create made`, { exchange });
  const retries = retriesOf(run, where.at);
  const seconds = retries.filter(made);
  const first = seconds[0];
  if (!first) {
    const refused = retries.map((retry) => retry.request.status ?? 'no answer').join(', ');
    const got = retries.length === 0 ? 'no retry' : `${retries.length} retries, none making one (answered ${refused})`;
    return check.pass(NO_DUPLICATE, `${what}: the client gave up after ${gaveUpAfterMs} ms; ${expected}; got ${got}`, { exchange });
  }
  const between = run.calls.slice(where.at + 1, run.calls.indexOf(first)).filter((call) => call.request.method === 'GET');
  const looked =
    between.length === 0 ? 'reading nothing first' : `though it read ${[...new Set(between.map((call) => call.subject))].join(', ')} first`;
  check.fail(
    NO_DUPLICATE,
    `${what}: the client gave up after ${gaveUpAfterMs} ms; ${expected}; got it sent again ${seconds.length} times, ${seconds.length} more resources made, ${looked}`,
    { exchange: first.exchange },
  );
}

const JUDGES: Record<PerturbationName, (run: PerturbedRun, check: CheckRecorder) => void> = {
  'unknown-event-type'(run, check) {
    const id = PERTURBATIONS['unknown-event-type'].requirement;
    const listed = applied('unknown-event-type', run, (call) => call.operation === 'event.list');
    // Read in a list, what comes next is judged; delivered only, how its command ended.
    const where = typeof listed === 'string' ? applied('unknown-event-type', run) : listed;
    if (typeof where === 'string') return check.skip(id, where);
    const { subject, exchange } = run.calls[where.at]!;
    if (typeof listed === 'string') {
      const delivered = `${subject}: after an event of type ${where.facts.type} delivered ${where.facts.delivered}`;
      if (!run.exit) return check.skip(id, `${delivered}: a client started elsewhere gives no exit code`);
      return void check.expect(
        id,
        run.exit.code === 0,
        `${delivered}: expected the client to go on; got its command ${exitText(run.exit)}`,
        {
          exchange,
        },
      );
    }
    const later = run.calls.length - where.at - 1;
    const what = `${subject}: after an event of type ${where.facts.type} in the first page`;
    if (later > 0 || run.exit?.code === 0)
      return check.pass(
        id,
        `${what}: expected the client to go on; got ${later} later calls${run.exit ? `, its command ${exitText(run.exit)}` : ''}`,
        {
          exchange,
        },
      );
    if (!run.exit) return check.skip(id, `${what}: a client started elsewhere made no later call and gives no exit code`);
    check.fail(id, `${what}: expected the client to go on; got no later call and its command ${exitText(run.exit)}`, { exchange });
  },

  'retry-after-429'(run, check) {
    const id = PERTURBATIONS['retry-after-429'].requirement;
    const where = applied('retry-after-429', run);
    if (typeof where === 'string') return check.skip(id, where);
    const throttled = run.calls[where.at]!;
    const retries = retriesOf(run, where.at);
    const what = `${throttled.subject}: answered 429 with Retry-After ${RETRY_AFTER_SECONDS}`;
    const first = retries[0];
    if (!first)
      return check.pass(id, `${what}: expected no retry sooner than ${RETRY_AFTER_SECONDS} s; got none`, { exchange: throttled.exchange });
    const waitedMs = Math.round((first.request.arrivedMs ?? 0) - (throttled.request.answeredMs ?? 0));
    check.expect(
      id,
      waitedMs >= RETRY_AFTER_SECONDS * 1000 - TIMER_TOLERANCE_MS,
      `${what}: expected no retry sooner than ${RETRY_AFTER_SECONDS} s; got a retry after ${waitedMs} ms (${retries.length} retries in all)`,
      { exchange: first.exchange },
    );
  },

  'slow-answer'(run, check) {
    const id = PERTURBATIONS['slow-answer'].requirement;
    const where = applied('slow-answer', run);
    if (typeof where === 'string') return check.skipAll([id, NO_DUPLICATE], where);
    const slow = run.calls[where.at]!;
    const retries = retriesOf(run, where.at);
    // The held create was made by the emulator: each retry it answered 2xx made one more.
    const duplicates = retries.filter(made).length;
    judgeDuplicate(run, where, check);
    const gaveUpAfterMs = slow.request.gaveUpAfterMs;
    const firstRetryMs = retries[0] ? Math.round((retries[0].request.arrivedMs ?? 0) - (slow.request.arrivedMs ?? 0)) : undefined;
    const value = {
      heldMs: where.facts.heldMs,
      timeoutMs: where.facts.timeoutMs,
      gaveUpAfterMs,
      retries: retries.length,
      firstRetryMs,
      duplicates,
    };
    const gaveUp = gaveUpAfterMs === undefined ? `waited the ${where.facts.heldMs} ms out` : `gave up after ${gaveUpAfterMs} ms`;
    const retried = retries.length === 0 ? 'did not retry' : `retried ${retries.length} times, first ${firstRetryMs} ms after sending it`;
    check.observe(
      id,
      value,
      `${slow.subject}: answer held ${where.facts.heldMs} ms (documented time-out ${where.facts.timeoutMs} ms): the client ${gaveUp}, ${retried}; ${duplicates} duplicate creates`,
      { exchange: slow.exchange },
    );
  },

  'more-than-one-page'(run, check) {
    const id = PERTURBATIONS['more-than-one-page'].requirement;
    const where = applied('more-than-one-page', run);
    if (typeof where === 'string') return check.skip(id, where);
    const first = run.calls[where.at]!;
    const offsets = new Set(
      run.calls
        .slice(where.at)
        .filter((call) => call.operation === 'event.list')
        .map((call) => new URLSearchParams(call.request.target.split('?')[1] ?? '').get('page[offset]') ?? '0'),
    );
    const { limit, total, pages } = where.facts;
    // A page past the end (read to learn there is no more) holds nothing to count.
    const held = [...offsets].filter((offset) => Number(offset) < Number(total));
    check.observe(
      id,
      { pagesRead: held.length, pagesAvailable: pages, limit, total },
      `${first.subject}: the client read ${held.length} of ${pages} pages of events (${total} events, ${limit} a page)`,
      { exchange: first.exchange },
    );
  },
};

/** Judges one perturbation of the plan, or SKIPs it saying why. */
export function judgePerturbation(name: PerturbationName, run: PerturbedRun, check: CheckRecorder): void {
  JUDGES[name](run, check);
}
