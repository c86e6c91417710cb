import { counted } from '../harness/records/counted.ts';
import type { CopedRow } from '../verdict/resultsDocument.ts';
import type { JudgedCall } from './clientChecks.ts';
import type { PerturbedRun } from './perturbedRun.ts';
import { PERTURBATIONS, type PerturbationName } from './perturbations.ts';
import { sameRequest } from './sameRequest.ts';

// How the client coped with each perturbation of its plan, read from the recording alone (issue 52,
// item 2): the call it bent, what the client did next, how long until the call got through, and
// whether it did. One reading for every perturbation, so that one added to the plan has its row with
// no more work; the judges of client/perturbationChecks.ts read the same follow-up for their own
// observations. Nothing here judges: the rows go to results.json (clientCoped), the terminal and the reports.

/** Where the perturbation was applied (the first call `where` admits) and its facts, or why it was not. */
export function applied(
  name: PerturbationName,
  run: PerturbedRun,
  where: (call: JudgedCall) => boolean = () => true,
): { at: number; facts: Record<string, number | string> } | string {
  if (!run.plan.includes(name)) return `the plan left out ${name}`;
  const unavailable = run.unavailable?.[name];
  if (unavailable) return unavailable;
  const at = run.calls.findIndex((call) => where(call) && call.request.perturbed?.some((bent) => bent.name === name));
  const placed = run.placedAt?.[name];
  const which = placed === undefined ? 'the call it bends' : `the call it was placed at, its chance number ${placed}`;
  if (at < 0) return `${name} was planned, but the client never made ${which} (${PERTURBATIONS[name].description})`;
  return { at, facts: run.calls[at]!.request.perturbed!.find((bent) => bent.name === name)!.facts };
}

export const exitText = ({ code, signal }: NonNullable<PerturbedRun['exit']>) => (signal ? `was ended by ${signal}` : `exited ${code}`);

/** The calls after the perturbed one that send it again: the same request by meaning (client/sameRequest.ts). */
export const retriesOf = (run: PerturbedRun, at: number) =>
  run.calls.slice(at + 1).filter((call) => sameRequest(call.request, run.calls[at]!.request));

export const made = (call: JudgedCall) => (call.request.status ?? 0) >= 200 && (call.request.status ?? 0) < 300;

/** Whether a perturbation bent this call's answer. */
export const bentBy = (call: JudgedCall, name: PerturbationName) => call.request.perturbed?.some((bent) => bent.name === name) === true;

/** When an exchange was over for the client: its answer sent, or the client gone. */
export const endOf = (call: JudgedCall): number =>
  call.request.answeredMs ?? (call.request.arrivedMs ?? 0) + (call.request.gaveUpAfterMs ?? call.request.durationMs ?? 0);

/** What followed the call a perturbation bent, as the recording holds it. */
export interface FollowUp {
  bent: JudgedCall;
  /** The later calls sending it again. */
  retries: JudgedCall[];
  /** How many times in a row the perturbation bent it, the first included (a plan's times=N). */
  inARow: number;
  /** The first of those answered 2xx: the call got through. */
  recovered: JudgedCall | undefined;
  /** From the bent call's arrival to the end of that answer. */
  recoveredAfterMs: number | undefined;
  /** The call the client made right after the bent one, whatever it was. */
  next: JudgedCall | undefined;
}

export function followUpOf(run: PerturbedRun, at: number, name: PerturbationName): FollowUp {
  const bent = run.calls[at]!;
  const retries = retriesOf(run, at);
  // A retry the same perturbation bent again (answered, but cut short) got no whole answer either.
  const recovered = retries.find((retry) => made(retry) && !bentBy(retry, name));
  return {
    bent,
    retries,
    inARow: 1 + retries.filter((retry) => bentBy(retry, name)).length,
    recovered,
    recoveredAfterMs: recovered ? Math.round(endOf(recovered) - (bent.request.arrivedMs ?? 0)) : undefined,
    next: run.calls[at + 1],
  };
}

/** What a client that sent the call no more did instead: its next call, or its command's end. */
export function wentOn(run: PerturbedRun, next: JudgedCall | undefined): string {
  if (next) return `went on to ${next.subject}`;
  return run.exit ? `made no later call; its command ${exitText(run.exit)}` : 'made no later call';
}

/**
 * Perturbations whose answer is sent 2xx but spoilt (a body cut short): the client never got what it asked, so
 * recovery applies to them as to a refusal. Any other answered 2xx in full has nothing to recover from.
 */
const SPOILT_ANSWERS: readonly string[] = ['truncated-body'];

/** How each fact a perturbation marks is said in a row; a fact said by the name, the row or another fact maps to undefined. */
const FACT_WORDS: Record<string, (value: number | string) => string | undefined> = {
  retryAfterSeconds: (seconds) => `Retry-After ${seconds} s`,
  heldMs: (ms) => `held ${ms} ms`,
  timeoutMs: (ms) => `time-out ${ms} ms`,
  status: (status) => `answered ${status}`,
  madeStatus: (status) => `after making it (${status})`,
  limit: (limit) => `${limit} a page`,
  total: (total) => `${total} events`,
  pages: () => undefined,
  // Said by the row's count of the times in a row.
  attempt: () => undefined,
  times: () => undefined,
  // Said by the name (reset, unknown-event-type) or by its judge's message.
  before: () => undefined,
  type: () => undefined,
  delivered: () => undefined,
  reached: () => undefined,
  readMs: () => undefined,
  added: () => undefined,
  // truncated-body: how much of its answer the client was given.
  sentBytes: (bytes) => `${bytes} bytes sent`,
  ofBytes: (bytes) => `of ${bytes}`,
  // list-shift: the event seen on two pages, and who made the shift.
  eventId: (id) => `event ${id} on two pages`,
  madeEventId: () => undefined,
  page: () => undefined,
  offset: () => undefined,
  repeatedBy: (who) => `repeated by ${who}`,
  effectsCount: (count) => `effects probe counted ${count}`,
};

function factsText(facts: Record<string, number | string>, inARow: number): string {
  const said = Object.entries(facts).flatMap(([key, value]) => {
    const words = key in FACT_WORDS ? FACT_WORDS[key]!(value) : `${key} ${value}`;
    return words === undefined ? [] : [words];
  });
  return [...said, ...(inARow > 1 ? [`${inARow} times in a row`] : [])].join(', ');
}

/** The row of one perturbation applied at `at`. */
function appliedRow(run: PerturbedRun, name: PerturbationName, at: number, facts: Record<string, number | string>): CopedRow {
  const { bent, retries, inARow, recovered, recoveredAfterMs, next } = followUpOf(run, at, name);
  const { gaveUpAfterMs } = bent.request;
  const lost = !made(bent) || gaveUpAfterMs !== undefined || SPOILT_ANSWERS.includes(name);
  // Over for the client when it gave up, though a held answer may have been sent later.
  const overMs = gaveUpAfterMs === undefined ? endOf(bent) : (bent.request.arrivedMs ?? 0) + gaveUpAfterMs;
  const firstRetryMs = retries[0] ? Math.round((retries[0].request.arrivedMs ?? 0) - overMs) : null;
  const didNext = [
    ...(gaveUpAfterMs === undefined ? [] : [`gave up after ${gaveUpAfterMs} ms`]),
    retries.length > 0 ? `sent it again ${counted(retries.length, 'time')}, first after ${firstRetryMs} ms` : wentOn(run, next),
  ].join(', ');
  return {
    perturbation: name,
    facts: factsText(facts, inARow),
    subject: bent.subject,
    didNext,
    retries: retries.length,
    firstRetryMs,
    recoveredAfterMs: lost ? (recoveredAfterMs ?? null) : null,
    recovered: lost ? recovered !== undefined : null,
  };
}

/** One row per perturbation of the plan: those applied in the order the client met them, then those not applied, saying why. */
export function copedRows(run: PerturbedRun): CopedRow[] {
  const placed = run.plan.map((name) => ({ name, where: applied(name, run) }));
  const rows = placed.flatMap(({ name, where }) =>
    typeof where === 'string' ? [] : [{ at: where.at, row: appliedRow(run, name, where.at, where.facts) }],
  );
  const notApplied = placed.flatMap(({ name, where }): CopedRow[] =>
    typeof where === 'string'
      ? [
          {
            perturbation: name,
            facts: '',
            subject: null,
            didNext: null,
            retries: 0,
            firstRetryMs: null,
            recoveredAfterMs: null,
            recovered: null,
            notApplied: where,
          },
        ]
      : [],
  );
  return [...rows.sort((a, b) => a.at - b.at).map(({ row }) => row), ...notApplied];
}
