import type fc from 'fast-check';
import { defineScenario, type Scenario, type ScenarioContext } from '../../harness/engine/scenario.ts';
import { achCase, checkCase, type ClockPolicy, drawdownCase, type GeneratedCase } from './caseArbitraries.ts';
import { checkProperty, runCase } from './propertyRun.ts';
import { TargetWorld } from './targetWorld.ts';

// Property-based decisioning (API sections 1–3, 7): generated rule sets,
// product and account opt-in, cancels, uploads, expiry dates and payments, each
// decision compared with suites/decisioning/decisionModel.ts. Case counts sum to 520 (with
// the lifecycle runs, well over 500 generated cases). Each family's cases run in independent
// lanes, side by side: they follow the clock and make their own accounts and rules.

/**
 * The lanes each family's cases are dealt into (propertyRun.ts). Fixed, so a run seed makes the
 * same cases in the same lanes on any target; 16 make a family's longest chain about a sixteenth of
 * its calls. With 8, the ACH family's longest lane (some 220 calls) was a whole run's critical path
 * behind a far target's latency.
 */
export const PROPERTY_LANES = 16;

interface PropertyFamily {
  id: string;
  requirement: string;
  what: string;
  numRuns: number;
  arbitrary: (clock: ClockPolicy) => fc.Arbitrary<GeneratedCase>;
}

const FAMILIES: PropertyFamily[] = [
  {
    id: 'ach',
    requirement: 'DC-PROPERTY-ACH',
    what: 'every decision on a generated incoming ACH debit or credit',
    numRuns: 220,
    arbitrary: achCase,
  },
  {
    id: 'check',
    requirement: 'DC-PROPERTY-CHECK',
    what: 'every decision on a generated check payment',
    numRuns: 200,
    arbitrary: checkCase,
  },
  {
    id: 'drawdown',
    requirement: 'DC-PROPERTY-DRAWDOWN',
    what: 'every decision on a generated wire drawdown',
    numRuns: 100,
    arbitrary: drawdownCase,
  },
];

/**
 * With the target clock readable, expiry dates sit on the boundaries; without it only far from them.
 * Past dates only when the target creates such rules (the documents leave it open).
 */
async function clockPolicy(ctx: ScenarioContext, world: TargetWorld): Promise<ClockPolicy> {
  const past = await world.acceptsPastExpiration();
  if (!past) ctx.log('the target refuses rules already past their expirationDate: generated cases use only today and future dates');
  const offsets = ctx.control.has('clockControl') ? [-2, -1, 0, 1, 30] : [-30, 30];
  if (ctx.control.has('clockControl')) await world.awayFromMidnight();
  return { expiryOffsets: offsets.filter((offset) => past || offset >= 0) };
}

function propertyScenario(family: PropertyFamily): Scenario {
  return defineScenario({
    id: `decisioning/property/${family.id}`,
    area: 'decisioning',
    requirements: [family.requirement],
    needs: ['paymentSimulation', 'fixtureProvisioning'],
    // Each decision is judged by the target's day read just before and after it, and a case the
    // clock overtook is set up again, a few times at most, to be judged on a still clock (propertyRun.ts): movers may run beside it.
    follows: ['clock'],
    async run(ctx) {
      // One world for every lane: the deposit products it makes per opt-in set are never changed after, and each case makes its own account.
      const world = new TargetWorld(ctx);
      const clock = await clockPolicy(ctx, world);
      const outcome = await checkProperty(
        ctx,
        family.requirement,
        family.what,
        family.arbitrary(clock),
        (generated) => runCase(ctx, world, generated),
        family.numRuns,
        undefined,
        { lanes: PROPERTY_LANES, callMs: world.typicalCallMs() },
      );
      ctx.log(`${family.id}: ${outcome.cases} cases in ${PROPERTY_LANES} lanes in ${outcome.durationMs} ms`);
    },
  });
}

export const propertyScenarios: Scenario[] = FAMILIES.map(propertyScenario);
