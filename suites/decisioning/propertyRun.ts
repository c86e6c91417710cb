import fc from 'fast-check';
import { disagreement } from './decisionJudgement.ts';
import { admissibleDecisions, expired, type ModelRule, READINGS } from './decisionModel.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { type BuiltCase, buildCase, toModelPayment } from './caseSetup.ts';
import type { GeneratedCase } from './caseArbitraries.ts';
import { simulate } from './simulationClient.ts';
import { PastExpirationRefused, type TargetWorld } from './targetWorld.ts';
import { inLane } from '../../harness/records/runMetrics.ts';
import { mixSeed } from '../../harness/engine/schedulePerturbation.ts';
import { NEAR_CALL_MS } from '../../harness/targetIO/concurrency.ts';

// Runs generated decisioning cases against the target and the model, and records
// one check: PASS with the number of cases, or FAIL with fast-check's shrunk
// counterexample and how to replay it: the run seed that `run --seed` takes (the
// scenario's fast-check seeds, one per lane, derive from it), and fast-check's own seed and path.

export class DecisionMismatch extends Error {
  constructor(
    message: string,
    readonly exchange: unknown,
  ) {
    super(message);
  }
}

/**
 * How often a case the clock overtook is set up again. The judgement of a case the clock moved under
 * is loose (a decision right on any day it saw is admitted, and a rule the move made past is not
 * made at all), and a move that changes a rule's expiry changes what a faulty target decides too:
 * a fault at an expiry boundary may pass it, so a lane's outcome would hang on when another
 * scenario's move fell (the lifecycle's, beside it), and a failure would not replay by `--seed`.
 * Set up again on a fresh account, the case is judged as on a still clock, as it is when replayed;
 * a move that left every rule's expiry as it was needs no new set-up. The last attempt is judged
 * as it comes (a clock that never stands still, test/suites/decisioning/clockFollowers.test.ts).
 */
const ATTEMPTS_WHEN_OVERTAKEN = 8;

/** Drives one generated case; throws DecisionMismatch on the first decision the model does not admit. */
export async function runCase(ctx: ScenarioContext, world: TargetWorld, generated: GeneratedCase): Promise<void> {
  for (let attempt = 1; attempt < ATTEMPTS_WHEN_OVERTAKEN; attempt += 1) {
    if ((await attemptCase(ctx, world, generated, false)) === 'judged as on a still clock') return;
  }
  await attemptCase(ctx, world, generated, true);
}

/**
 * Which of the rules are past their expirationDate on `today`, under each reading: a day that leaves
 * this alone changes nothing a target decides, right or wrong (a wrong one may decide by it too).
 */
const standing = (rules: readonly ModelRule[], today: string): string =>
  rules.map((rule) => READINGS.map((reading) => (expired(rule, today, reading) ? 'x' : '-')).join('')).join('|');

/**
 * One set-up and its decisions: whether they were judged as on a still clock (the day stayed the
 * one the case was set up on, or the days it saw left every rule's expiry as it was). Until the last attempt,
 * a case the clock overtook where it mattered is not judged at all, even where it disagrees: what it
 * finds is found again on a still clock, which is what a replay by `--seed` sees.
 */
async function attemptCase(
  ctx: ScenarioContext,
  world: TargetWorld,
  generated: GeneratedCase,
  last: boolean,
): Promise<'judged as on a still clock' | 'overtaken by the clock'> {
  const setUpOn = await world.today();
  let built: BuiltCase;
  try {
    built = await buildCase(world, generated, setUpOn);
  } catch (error) {
    // Only today and future dates are generated where the target refuses past ones: such a refusal
    // means its clock moved past the date while the case was set up, and there is nothing to judge.
    if (error instanceof PastExpirationRefused) return 'overtaken by the clock';
    throw error;
  }
  // The target's today is read around each decision, not taken from the set-up: its clock is
  // shared and may move meanwhile; a decision right for the day before or after it is admitted.
  // The reading after one decision is the reading before the next: nothing is asked between.
  // A set-up the clock overtook may have skipped an upload or dated a rule from another day.
  let overtaken = built.today !== setUpOn;
  let before = built.today;
  for (const description of generated.payments) {
    const payment = toModelPayment(description, built);
    const { observed, response } = await simulate(ctx, payment);
    const after = await world.today();
    built.today = after;
    overtaken ||= [before, after].some((today) => standing(built.rules, today) !== standing(built.rules, setUpOn));
    const admissible = [before, ...(after === before ? [] : [after])].flatMap((today) =>
      admissibleDecisions(built.account, built.rules, payment, today),
    );
    const problem = disagreement(admissible, observed, built.rules);
    before = after;
    if (problem && overtaken && !last) return 'overtaken by the clock';
    if (problem) {
      const rules = built.rules.map((rule) => ({ ...rule }));
      throw new DecisionMismatch(
        `${payment.kind} ${JSON.stringify(payment)} on ${JSON.stringify(built.account)} with rules ${JSON.stringify(rules)} (today ${built.today}): ${problem}`,
        response.exchange,
      );
    }
  }
  return overtaken ? 'overtaken by the clock' : 'judged as on a still clock';
}

export interface PropertyOutcome {
  cases: number;
  durationMs: number;
}

/** fast-check's seed must be a 32-bit integer; the scenario seed is one. */
const fastCheckSeed = (seed: number): number => seed | 0;

/**
 * How a property's cases are scheduled. The lanes are a fixed number whatever the target or the
 * concurrency, so a run seed always makes the same lanes with the same cases: a failure replays by
 * `--seed` alone. Each lane's cases depend on nothing another lane does (each makes its own
 * accounts and rules), so the lanes run side by side, each one chain of calls (harness/records/runMetrics.ts).
 */
export interface PropertyLanes {
  lanes: number;
  /** A typical call's round trip on this target, measured before the cases start: the time limit scales with it. */
  callMs: number;
}

/**
 * One lane, one chain, its time limit unscaled: for a property whose cases cannot be split, a far
 * run judges fewer and says so rather than wait for all. The suite's own properties all run lanes:
 * the lifecycle's too, its clock moves taken in turns (clockTurns.ts).
 */
const ONE_LANE: PropertyLanes = { lanes: 1, callMs: 0 };

/** A lane's time limit against a near target: a bound against a target that hangs, not a cut of the cases. */
const NEAR_TIME_LIMIT_MS = 120_000;

/** Scaled by the latency measured beyond a near call's, so that a far run judges as many cases as a near one. */
export const laneTimeLimitMs = (callMs: number): number => Math.round(NEAR_TIME_LIMIT_MS * Math.max(1, callMs / NEAR_CALL_MS));

/** The cases of lane `lane`: numRuns dealt out as evenly as they go. */
const laneRuns = (numRuns: number, lanes: number, lane: number): number => Math.floor(numRuns / lanes) + (lane < numRuns % lanes ? 1 : 0);

const laneName = (lane: number, lanes: number): string => `lane ${lane + 1} of ${lanes}`;

/** The lane's fast-check seed, from the scenario's (itself from the run seed): lane 1 keeps the scenario's. */
const laneSeed = (seed: number, lane: number): number => (lane === 0 ? fastCheckSeed(seed) : fastCheckSeed(mixSeed(seed, `lane ${lane}`)));

export async function checkProperty<T>(
  ctx: ScenarioContext,
  requirementId: string,
  what: string,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  numRuns: number,
  /** Turns the shrunk counterexample into plain data for the evidence (e.g. commands into their descriptions). */
  describe: (value: T) => unknown = (value) => value,
  { lanes, callMs }: PropertyLanes = ONE_LANE,
): Promise<PropertyOutcome> {
  const started = performance.now();
  const interruptAfterTimeLimit = laneTimeLimitMs(callMs);
  const property = fc.asyncProperty(arbitrary, predicate);
  const runs = Array.from({ length: lanes }, (_, lane) => laneRuns(numRuns, lanes, lane));
  const outcomes = await Promise.all(
    runs.map((laneNumRuns, lane) => {
      if (laneNumRuns === 0) return undefined;
      const check = () => fc.check(property, { numRuns: laneNumRuns, seed: laneSeed(ctx.seed, lane), interruptAfterTimeLimit });
      // One lane is the scenario's own chain.
      return lanes > 1 ? inLane(laneName(lane, lanes), check) : check();
    }),
  );
  const durationMs = Math.round(performance.now() - started);
  const judged = outcomes.reduce((sum, details) => sum + (details?.numRuns ?? 0), 0);
  // The first failing lane in lane order, not in time: the same lane whenever the seed is replayed.
  const failedLane = outcomes.findIndex((details) => details?.failed);
  const details = outcomes[failedLane];
  if (details) {
    const error = details.errorInstance as (Error & { exchange?: unknown }) | undefined;
    const othersFailed = outcomes.filter((each) => each?.failed).length - 1;
    const where =
      lanes > 1 ? `in ${laneName(failedLane, lanes)}${othersFailed > 0 ? ` (${othersFailed} other lane(s) failed too)` : ''}, ` : '';
    ctx.check.fail(
      requirementId,
      `${what}: expected agreement with the model of sections 1–3; ${where}after ${details.numRuns} case(s) and ${details.numShrinks} shrink(s) the smallest counterexample disagrees: ${error?.message ?? String(details.errorInstance)}`,
      {
        seed: ctx.runSeed,
        counterexample: details.counterexample ? describe(details.counterexample[0]) : undefined,
        details: {
          ...(lanes > 1 ? { lane: laneName(failedLane, lanes) } : {}),
          path: details.counterexamplePath,
          fastCheckSeed: details.seed,
          numRuns: details.numRuns,
          numShrinks: details.numShrinks,
        },
        ...(error?.exchange ? { exchanges: [error.exchange as never] } : {}),
      },
    );
    return { cases: judged, durationMs };
  }
  if (judged === 0) throw new Error(`${what}: no generated case finished within the time limit of ${interruptAfterTimeLimit / 1000} s`);
  const scaled = callMs > NEAR_CALL_MS ? ` (scaled by calls of ${Math.round(callMs)} ms)` : '';
  const fewer =
    judged < numRuns
      ? `; ${numRuns - judged} fewer than the ${numRuns} asked: the time limit of ${Math.round(interruptAfterTimeLimit / 1000)} s${lanes > 1 ? ' per lane' : ''}${scaled} stopped them`
      : '';
  const inLanes = lanes > 1 ? ` in ${lanes} lanes` : '';
  ctx.check.pass(
    requirementId,
    `${what}: agrees with the model of sections 1–3; ${judged} generated cases agreed${inLanes} (run seed ${ctx.runSeed}, ${durationMs} ms)${fewer}`,
    { seed: ctx.runSeed },
  );
  return { cases: judged, durationMs };
}
