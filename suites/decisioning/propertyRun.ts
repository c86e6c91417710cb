import fc from 'fast-check';
import { disagreement } from './decisionJudgement.ts';
import { admissibleDecisions } from './decisionModel.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { type BuiltCase, buildCase, toModelPayment } from './caseSetup.ts';
import type { GeneratedCase } from './caseArbitraries.ts';
import { simulate } from './simulationClient.ts';
import { PastExpirationRefused, type TargetWorld } from './targetWorld.ts';

// Runs generated decisioning cases against the target and the model, and records
// one check: PASS with the number of cases, or FAIL with fast-check's shrunk
// counterexample and how to replay it: the run seed that `run --seed` takes (the
// scenario's fast-check seed derives from it), and fast-check's own seed and path.

export class DecisionMismatch extends Error {
  constructor(
    message: string,
    readonly exchange: unknown,
  ) {
    super(message);
  }
}

/** Drives one generated case; throws DecisionMismatch on the first decision the model does not admit. */
export async function runCase(ctx: ScenarioContext, world: TargetWorld, generated: GeneratedCase): Promise<void> {
  let built: BuiltCase;
  try {
    built = await buildCase(world, generated);
  } catch (error) {
    // Only today and future dates are generated where the target refuses past ones: such a refusal
    // means its clock moved past the date while the case was set up, and there is nothing to judge.
    if (error instanceof PastExpirationRefused) return;
    throw error;
  }
  // The target's today is read around each decision, not taken from the set-up: its clock is
  // shared and may move meanwhile; a decision right for the day before or after it is admitted.
  // The reading after one decision is the reading before the next: nothing is asked between.
  let before = built.today;
  for (const description of generated.payments) {
    const payment = toModelPayment(description, built);
    const { observed, response } = await simulate(ctx, payment);
    const after = await world.today();
    built.today = after;
    const admissible = [before, ...(after === before ? [] : [after])].flatMap((today) =>
      admissibleDecisions(built.account, built.rules, payment, today),
    );
    const problem = disagreement(admissible, observed, built.rules);
    before = after;
    if (problem) {
      const rules = built.rules.map((rule) => ({ ...rule }));
      throw new DecisionMismatch(
        `${payment.kind} ${JSON.stringify(payment)} on ${JSON.stringify(built.account)} with rules ${JSON.stringify(rules)} (today ${built.today}): ${problem}`,
        response.exchange,
      );
    }
  }
}

export interface PropertyOutcome {
  cases: number;
  durationMs: number;
}

/** fast-check's seed must be a 32-bit integer; the scenario seed is one. */
const fastCheckSeed = (seed: number): number => seed | 0;

export async function checkProperty<T>(
  ctx: ScenarioContext,
  requirementId: string,
  what: string,
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  numRuns: number,
  /** Turns the shrunk counterexample into plain data for the evidence (e.g. commands into their descriptions). */
  describe: (value: T) => unknown = (value) => value,
): Promise<PropertyOutcome> {
  const started = performance.now();
  const seed = fastCheckSeed(ctx.seed);
  const details = await fc.check(fc.asyncProperty(arbitrary, predicate), { numRuns, seed, interruptAfterTimeLimit: 120_000 });
  const durationMs = Math.round(performance.now() - started);
  if (details.failed) {
    const error = details.errorInstance as (Error & { exchange?: unknown }) | undefined;
    ctx.check.fail(
      requirementId,
      `${what}: expected agreement with the model of sections 1–3; after ${details.numRuns} case(s) and ${details.numShrinks} shrink(s) the smallest counterexample disagrees: ${error?.message ?? String(details.errorInstance)}`,
      {
        seed: ctx.runSeed,
        counterexample: details.counterexample ? describe(details.counterexample[0]) : undefined,
        details: {
          replay: `npx banking-api-conformance run --grep '${ctx.check.scenarioId}' --seed ${ctx.runSeed}`,
          path: details.counterexamplePath,
          fastCheckSeed: details.seed,
          numRuns: details.numRuns,
          numShrinks: details.numShrinks,
        },
        ...(error?.exchange ? { exchanges: [error.exchange as never] } : {}),
      },
    );
    return { cases: details.numRuns, durationMs };
  }
  if (details.interrupted && details.numRuns === 0) throw new Error(`${what}: no generated case finished within the time limit`);
  ctx.check.pass(
    requirementId,
    `${what}: agrees with the model of sections 1–3; ${details.numRuns} generated cases agreed (run seed ${ctx.runSeed}, ${durationMs} ms)`,
    { seed: ctx.runSeed },
  );
  return { cases: details.numRuns, durationMs };
}
