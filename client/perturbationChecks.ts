import type { CheckRecorder } from '../harness/records/checkRecorder.ts';
import type { JudgedCall } from './clientChecks.ts';
import {
  EVENT_READS,
  PERTURBATION_NAMES,
  PERTURBATIONS,
  type PerturbationName,
  REPLACING_CREATES,
  requirementsOf,
  RETRY_AFTER_SECONDS,
  SERVER_ERROR_STATUS,
  UNLISTED_EVENT_TYPE,
} from './perturbations.ts';
import { eventIdsOf, filtersOf, isEventList, pageOf } from './listShift.ts';
import type { PerturbedRun } from './perturbedRun.ts';
import { applied, bentBy, endOf, exitText, followUpOf, made, retriesOf, wentOn } from './copedTable.ts';

// What the client did next after each perturbation of its plan (client/perturbations.ts), judged
// from the recording: it went on, it retried, when, how often, and whether a retried create made
// a duplicate. A perturbation the plan left out, or one the client never gave a chance to, SKIPs.

/** Timers may fire a little early; a retry this close to the Retry-After still waited it out. */
const TIMER_TOLERANCE_MS = 50;

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
  if (REPLACING_CREATES.includes(slow.operation))
    return check.pass(
      NO_DUPLICATE,
      `${what}: ${expected}; got none possible: a second ${slow.operation} sets the account's one policy again (4.1, account-level opt-in)`,
      { exchange },
    );
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
    const where = applied('unknown-event-type', run);
    if (typeof where === 'string') return check.skip(id, where);
    const read = firstReading(run);
    if (!read) return check.skip(id, `an event of type ${UNLISTED_EVENT_TYPE} was put within the client's reach; ${notRead(run)}`);
    const what = `${read.what} an event of type ${UNLISTED_EVENT_TYPE}`;
    const expected = 'expected the client to go on';
    const later = run.calls.filter((call) => (call.request.arrivedMs ?? 0) > read.atMs);
    const { exchange } = read;
    if (later.length > 0)
      return check.pass(id, `${what}: ${expected}; got ${later.length} later calls, first ${later[0]!.subject}`, { exchange });
    if (!run.exit) return check.skip(id, `${what}: a client started elsewhere made no later call and gives no exit code`);
    if (run.exit.interrupted)
      return check.skip(id, `${what}: Ctrl-C stopped its command before any later call, so what it would have done next is not known`);
    if (run.exit.code === 0)
      return check.pass(id, `${what}: ${expected}; got no later call and its command ${exitText(run.exit)}`, { exchange });
    // What else ended as late as the reading: the command may have stopped on that instead.
    const others = run.calls.filter((call) => troubled(call) !== undefined && endOf(call) >= read.atMs);
    if (others.length > 0) {
      const other = others.map((call) => `${call.subject} ${troubled(call)}`).join(', ');
      return check.skip(
        id,
        `${what}, and ${other}; then its command ${exitText(run.exit)} with no later call: the evidence cannot tell which of the two it stopped on`,
      );
    }
    check.fail(id, `${what}: ${expected}; got no later call and its command ${exitText(run.exit)}`, { exchange });
  },

  'retry-after-429'(run, check) {
    const id = PERTURBATIONS['retry-after-429'].requirement;
    const where = applied('retry-after-429', run);
    if (typeof where === 'string') return check.skip(id, where);
    const throttled = run.calls[where.at]!;
    const retries = retriesOf(run, where.at);
    // A plan's times=N answers the same write 429 N times in a row: each of those answers is waited out, or not, on its own.
    const refused = [throttled, ...retries.filter((retry) => retry.request.perturbed?.some((bent) => bent.name === 'retry-after-429'))];
    const several = refused.length > 1 ? ` (${refused.length} times in a row)` : '';
    const what = `${throttled.subject}: answered 429 with Retry-After ${RETRY_AFTER_SECONDS}${several}`;
    const expected = `expected no retry sooner than ${RETRY_AFTER_SECONDS} s`;
    const waits = refused.flatMap((answer) => {
      const next = [throttled, ...retries].find(
        (call) => (call.request.arrivedMs ?? 0) > (answer.request.arrivedMs ?? 0) && call !== answer,
      );
      return next ? [{ next, waitedMs: Math.round((next.request.arrivedMs ?? 0) - (answer.request.answeredMs ?? 0)) }] : [];
    });
    const first = waits[0];
    if (!first) return check.pass(id, `${what}: ${expected}; got none`, { exchange: throttled.exchange });
    const early = waits.find(({ waitedMs }) => waitedMs < RETRY_AFTER_SECONDS * 1000 - TIMER_TOLERANCE_MS);
    const shown = early ?? first;
    const each =
      waits.length > 1 ? `retries after ${waits.map(({ waitedMs }) => `${waitedMs} ms`).join(', ')}` : `a retry after ${first.waitedMs} ms`;
    check.expect(id, early === undefined, `${what}: ${expected}; got ${each} (${retries.length} retries in all)`, {
      exchange: shown.next.exchange,
    });
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

  'status-503-before-create'(run, check) {
    const name = 'status-503-before-create';
    const id = PERTURBATIONS[name].requirement;
    const where = applied(name, run);
    if (typeof where === 'string') return check.skip(id, where);
    const { bent: refused, retries, inARow, recovered } = followUpOf(run, where.at, name);
    const madeByRetries = retries.filter(made).length;
    const firstRetryMs = retries[0] ? Math.round((retries[0].request.arrivedMs ?? 0) - (refused.request.answeredMs ?? 0)) : undefined;
    const several = inARow > 1 ? ` (${inARow} times in a row)` : '';
    const next =
      retries.length === 0 ? 'did not send it again' : `sent it again ${retries.length} times, first ${firstRetryMs} ms after the 503`;
    const outcome =
      madeByRetries === 0 ? 'the create was never made' : `the create was then made${madeByRetries > 1 ? ` ${madeByRetries} times` : ''}`;
    check.observe(
      id,
      {
        status: SERVER_ERROR_STATUS,
        inARow,
        retries: retries.length,
        firstRetryMs,
        recovered: recovered !== undefined,
        resourcesMade: madeByRetries,
      },
      `${refused.subject}: answered ${SERVER_ERROR_STATUS} before it was made${several}: the client ${next}; ${outcome}`,
      { exchange: refused.exchange },
    );
  },

  'status-503-after-create'(run, check) {
    const name = 'status-503-after-create';
    const id = PERTURBATIONS[name].requirement;
    const where = applied(name, run);
    if (typeof where === 'string') return check.skip(id, where);
    const answered = run.calls[where.at]!;
    const retries = retriesOf(run, where.at);
    // Each 503 of the row answered a create that was made; each retry answered 2xx made one more.
    const madeAnswered503 = 1 + retries.filter((retry) => bentBy(retry, name)).length;
    const more = madeAnswered503 - 1 + retries.filter(made).length;
    const what = `${answered.subject}: made (answered ${where.facts.madeStatus}) and answered ${SERVER_ERROR_STATUS} instead`;
    const expected = 'expected no second resource from the same create sent again';
    if (more === 0) {
      const got = retries.length === 0 ? 'no retry' : `${retries.length} retries, none making one`;
      return check.pass(id, `${what}: ${expected}; got ${got}`, { exchange: answered.exchange });
    }
    const second = retries.find((retry) => made(retry) || bentBy(retry, name))!;
    const between = run.calls.slice(where.at + 1, run.calls.indexOf(second)).filter((call) => call.request.method === 'GET');
    const looked =
      between.length === 0
        ? 'reading nothing first'
        : `though it read ${[...new Set(between.map((call) => call.subject))].join(', ')} first`;
    check.fail(id, `${what}: ${expected}; got it sent again ${retries.length} times, ${more} more resources made, ${looked}`, {
      exchange: second.exchange,
    });
  },

  'status-429-without-retry-after'(run, check) {
    const name = 'status-429-without-retry-after';
    const id = PERTURBATIONS[name].requirement;
    const where = applied(name, run);
    if (typeof where === 'string') return check.skip(id, where);
    const { bent: throttled, retries, recovered, recoveredAfterMs } = followUpOf(run, where.at, name);
    const refused = [throttled, ...retries.filter((retry) => bentBy(retry, name))];
    // How long the client waited after each 429 before sending the call again: its own backoff, as none was asked.
    const waitsMs = refused.flatMap((answer) => {
      const next = retries.find((retry) => (retry.request.arrivedMs ?? 0) > (answer.request.arrivedMs ?? 0));
      return next ? [Math.round((next.request.arrivedMs ?? 0) - (answer.request.answeredMs ?? answer.request.arrivedMs ?? 0))] : [];
    });
    const several = refused.length > 1 ? ` (${refused.length} times in a row)` : '';
    const next = waitsMs.length === 0 ? 'did not send it again' : `sent it again after ${waitsMs.map((ms) => `${ms} ms`).join(', ')}`;
    const outcome = recovered
      ? `recovered: answered ${recovered.request.status} ${recoveredAfterMs} ms after the first try`
      : 'never got it through';
    check.observe(
      id,
      { inARow: refused.length, retries: retries.length, waitsMs, recovered: recovered !== undefined, recoveredAfterMs },
      `${throttled.subject}: answered 429 without Retry-After${several}: the client ${next}; ${outcome}`,
      { exchange: throttled.exchange },
    );
  },

  'slow-within-timeout'(run, check) {
    const id = PERTURBATIONS['slow-within-timeout'].requirement;
    const where = applied('slow-within-timeout', run);
    if (typeof where === 'string') return check.skip(id, where);
    const held = run.calls[where.at]!;
    const { gaveUpAfterMs } = held.request;
    const retries = retriesOf(run, where.at);
    const recovered = gaveUpAfterMs === undefined || retries.some(made);
    const didNext =
      gaveUpAfterMs === undefined
        ? 'waited for it'
        : `gave up after ${gaveUpAfterMs} ms, before the time-out, ${retries.length === 0 ? 'and did not send it again' : `and sent it again ${retries.length} times`}`;
    check.observe(
      id,
      { heldMs: where.facts.heldMs, timeoutMs: where.facts.timeoutMs, gaveUpAfterMs, retries: retries.length, recovered },
      `${held.subject}: answer held ${where.facts.heldMs} ms, within the documented time-out of ${where.facts.timeoutMs} ms: the client ${didNext}; ${recovered ? 'it got its answer' : 'it never got one'}`,
      { exchange: held.exchange },
    );
  },

  reset: (run, check) =>
    observeNoAnswer('reset', run, check, () => ({
      what: 'connection reset before the answer',
      recovered: 'recovered: answered',
      never: 'never answered it',
    })),

  'truncated-body': (run, check) =>
    observeNoAnswer('truncated-body', run, check, (cut, { sentBytes, ofBytes }) => ({
      what: `answered ${cut.request.status} with ${sentBytes} of its ${ofBytes} bytes, then the connection closed`,
      recovered: 'recovered: a whole answer',
      never: 'never got a whole answer',
      facts: { sentBytes: sentBytes!, ofBytes: ofBytes! },
    })),

  'list-shift'(run, check) {
    const id = PERTURBATIONS['list-shift'].requirement;
    const where = applied('list-shift', run);
    if (typeof where === 'string') return check.skip(id, where);
    const bent = run.calls[where.at]!;
    const { eventId, page, limit, offset, effectsCount } = where.facts;
    const later = run.calls.slice(where.at + 1);
    // The next page of the same list: its filters and limit, the offset advanced by the limit.
    const next = later.find((call) => {
      const read = pageOf(call.request.target);
      const same = filtersOf(call.request.target) === filtersOf(bent.request.target);
      return isEventList(call.request) && same && read?.limit === limit && read?.offset === Number(offset) + Number(limit);
    });
    const seenTwice = next !== undefined && eventIdsOf(next.request.answerBody).includes(String(eventId));
    // Acting on it: the calls naming it (read, resent), from when the client was first given it; the same call twice is twice.
    const naming = later.filter(
      (call) =>
        (call.operation === 'event.get' || call.operation === 'event.resend') &&
        call.request.target.split('?')[0]!.split('/').pop() === String(eventId),
    );
    const twice = naming.some((call) => naming.filter((other) => other.operation === call.operation).length > 1);
    const processed = typeof effectsCount === 'number' ? effectsCount : undefined;
    const actedTwice = seenTwice && (twice || (processed ?? 0) > 1);
    const read =
      next === undefined
        ? 'never read the next page'
        : seenTwice
          ? 'read the next page and was given it again'
          : 'read the next page, without it';
    const calls =
      naming.length === 0 ? 'no call named it' : `${naming.length} calls named it (${naming.map((call) => call.subject).join(', ')})`;
    const effects = processed === undefined ? '' : `, its effects probe counted ${processed}`;
    check.observe(
      id,
      {
        eventId,
        seenOnPages: seenTwice ? [Number(page), Number(page) + 1] : [Number(page)],
        readNextPage: next !== undefined,
        actedOn: naming.length,
        actedTwice,
        ...(processed === undefined ? {} : { effectsCount: processed }),
      },
      `${bent.subject}: the list shifted by one under its offset after this page, its last event ${eventId} the next page's first: the client ${read}; ${calls}${effects}; ${actedTwice ? 'it acted on the event twice' : 'it did not act on it twice'}`,
      { exchange: bent.exchange },
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

/** A reading of the unlisted type by the client: when it was done with it, on the recorder's clock, and what it was. */
interface Reading {
  atMs: number;
  what: string;
  exchange: JudgedCall['exchange'];
}

/** Whether a read's answer gave the client an event of the unlisted type: the answer itself, whatever its filters and offset. */
function returnedUnlisted(call: JudgedCall): boolean {
  if (!EVENT_READS.includes(call.operation) || !made(call) || call.request.answerBody === undefined) return false;
  let document: unknown;
  try {
    document = JSON.parse(call.request.answerBody);
  } catch {
    return false;
  }
  const data = (document as { data?: unknown } | null)?.data;
  return (Array.isArray(data) ? data : [data]).some((event) => (event as { type?: unknown } | null)?.type === UNLISTED_EVENT_TYPE);
}

/** How a perturbation that left the client no whole answer is said: what it did, the words for a recovery and for none. */
interface NoAnswerWords {
  what: string;
  recovered: string;
  never: string;
  /** Its own facts, observed before what the client did next. */
  facts?: Record<string, number | string>;
}

/** A perturbation that left the client no whole answer (a reset, a body cut short): what the client did next, observed. */
function observeNoAnswer(
  name: 'reset' | 'truncated-body',
  run: PerturbedRun,
  check: CheckRecorder,
  words: (call: JudgedCall, facts: Record<string, number | string>) => NoAnswerWords,
): void {
  const id = PERTURBATIONS[name].requirement;
  const where = applied(name, run);
  if (typeof where === 'string') return check.skip(id, where);
  const call = run.calls[where.at]!;
  const after = afterNoAnswer(run, where.at, name);
  const said = words(call, where.facts);
  const several = after.inARow > 1 ? ` (${after.inARow} times in a row)` : '';
  const outcome = after.recovered
    ? `${said.recovered} ${after.recovered.request.status} ${after.recoveredAfterMs} ms after the first try`
    : said.never;
  check.observe(
    id,
    { ...said.facts, ...after.observed },
    `${call.subject}: ${said.what}${several}: the client ${after.didNext}; ${outcome}`,
    {
      exchange: call.exchange,
    },
  );
}

/**
 * What the client did after a call that `name` left it no whole answer to (a reset, a body cut short): sent it again, how
 * soon after it first sent it, whether a retry then got a whole answer (one `name` did not bend too) and when, or what it
 * did instead.
 */
function afterNoAnswer(run: PerturbedRun, at: number, name: PerturbationName) {
  const { bent, retries, inARow, recovered, recoveredAfterMs, next } = followUpOf(run, at, name);
  const firstRetryMs = retries[0] ? Math.round((retries[0].request.arrivedMs ?? 0) - (bent.request.arrivedMs ?? 0)) : undefined;
  const didNext =
    retries.length > 0
      ? `sent it again ${retries.length} times, first ${firstRetryMs} ms after sending it`
      : `${wentOn(run, next)}${next ? ' without sending it again' : ''}`;
  const observed = {
    inARow,
    retries: retries.length,
    firstRetryMs,
    recovered: recovered !== undefined,
    recoveredAfterMs,
    next: next?.subject ?? null,
  };
  return { inARow, recovered, recoveredAfterMs, didNext, observed };
}

/** What else a client may have stopped on: an answer refusing it (a 429 among them), or one it gave up waiting for. */
function troubled(call: JudgedCall): string | undefined {
  const { status, gaveUpAfterMs } = call.request;
  if (gaveUpAfterMs !== undefined) return `given up after ${gaveUpAfterMs} ms`;
  if (status === undefined) return 'never answered';
  return status >= 400 ? `answered ${status}` : undefined;
}

/** The first time the client was given the unlisted type: a read whose answer held it, or the delivery its receiver took. */
function firstReading(run: PerturbedRun): Reading | undefined {
  const readings: Reading[] = run.calls
    .filter(returnedUnlisted)
    .map((call) => ({ atMs: endOf(call), what: `${call.subject} returned`, exchange: call.exchange }));
  for (const call of run.calls) {
    const facts = call.request.perturbed?.find((bent) => bent.name === 'unknown-event-type')?.facts;
    if (facts?.delivered === undefined || typeof facts.readMs !== 'number') continue;
    readings.push({
      atMs: facts.readMs,
      what: `the webhook ${call.subject} created was delivered (${facts.reached})`,
      exchange: call.exchange,
    });
  }
  return readings.sort((a, b) => a.atMs - b.atMs)[0];
}

/** Why no reading was found: each read of events and what it was answered, and what became of the delivery. */
function notRead(run: PerturbedRun): string {
  const reads = run.calls.filter((call) => EVENT_READS.includes(call.operation));
  const answered = reads.map(
    (call) => `${call.request.target} ${made(call) ? `answered ${call.request.status} without it` : troubled(call)}`,
  );
  const delivery = run.calls
    .map((call) => call.request.perturbed?.find((bent) => bent.name === 'unknown-event-type' && bent.facts.delivered !== undefined))
    .find((bent) => bent !== undefined)?.facts.reached;
  const parts = [
    answered.length > 0 ? `no read returned it (${answered.join('; ')})` : 'the client read no events',
    ...(delivery === undefined ? [] : [`its delivery: ${delivery}`]),
  ];
  return `${parts.join('; ')}: what the client did with it is not known`;
}

/** Judges one perturbation of the plan, or SKIPs it saying why. */
export function judgePerturbation(name: PerturbationName, run: PerturbedRun, check: CheckRecorder): void {
  JUDGES[name](run, check);
}
