import fc from 'fast-check';
import { OPT_IN_TYPES } from './decisionModel.ts';
import { defineScenario } from '../../harness/engine/scenario.ts';
import { achPayment, achRule, checkPayment, checkRule, type ClockPolicy } from './caseArbitraries.ts';
import { ClockTurns } from './clockTurns.ts';
import {
  AdvancePastExpiry,
  CancelRule,
  CreateRule,
  type LifecycleCommand,
  type LifecycleModel,
  movesClock,
  readsClock,
  PayAgainstRule,
  SendPayment,
  SetAccountOptIn,
  UploadDocument,
} from './lifecycleCommands.ts';
import { checkProperty } from './propertyRun.ts';
import { TargetWorld } from './targetWorld.ts';

// Section 3.1 as a state machine: fast-check generates command sequences over one
// fresh account, runs them with asyncModelRun and shrinks a failing sequence to
// the shortest one that still disagrees with the model. The sequences are dealt into
// lanes, side by side (propertyRun.ts): each case has its own account and rules, and
// the clock, which they all read, is taken in turns (clockTurns.ts): a case moves it only
// when no other case is in flight, so no case sees a move it did not make, and a failure
// replays by `--seed`.

const RUNS = 80;
/** Fixed, whatever the target, so that a run seed makes the same lanes with the same cases. */
export const LIFECYCLE_LANES = 8;
const MAX_COMMANDS = 16;
const ruleIndex = fc.nat({ max: 4 });

function commandArbitraries(withClock: boolean) {
  // Expiry around today and tomorrow, so that one clock step expires rules.
  const clock: ClockPolicy = { expiryOffsets: withClock ? [0, 1] : [30] };
  const drawdownRule = fc
    .record({
      type: fc.constant('drawdownPositivePay' as const),
      expiresInDays: fc.option(fc.constantFrom(...clock.expiryOffsets), { nil: undefined }),
    })
    .map((spec) => (spec.expiresInDays === undefined ? { type: spec.type } : spec));
  const drawdown = fc.record({ kind: fc.constant('WireDrawdown' as const), amount: fc.integer({ min: 1, max: 500_000 }), rule: ruleIndex });
  const commands: Array<fc.Arbitrary<LifecycleCommand>> = [
    fc.oneof(achRule(clock), checkRule(clock), drawdownRule).map((spec) => new CreateRule(spec)),
    ruleIndex.map((index) => new UploadDocument(index)),
    ruleIndex.map((index) => new CancelRule(index)),
    fc.subarray([...OPT_IN_TYPES]).map((types) => new SetAccountOptIn(types)),
    fc.oneof(achPayment, checkPayment, drawdown).map((description) => new SendPayment(description)),
    // Payments aimed at a rule weigh double: each lifecycle step should be followed by a decision it affects.
    ruleIndex.map((index) => new PayAgainstRule(index)),
    ruleIndex.map((index) => new PayAgainstRule(index)),
  ];
  if (withClock) commands.push(fc.constant(new AdvancePastExpiry()));
  return commands;
}

export const lifecycleScenario = defineScenario({
  id: 'decisioning/lifecycle/model-based',
  area: 'decisioning',
  requirements: ['DC-LIFECYCLE-MODEL'],
  needs: ['paymentSimulation', 'fixtureProvisioning'],
  moves: ['clock'],
  async run(ctx) {
    const world = new TargetWorld(ctx);
    const withClock = ctx.control.has('clockControl');
    await world.awayFromMidnight(60 * 60_000);
    // The deposit product most cases use, made before they start: its PATCH is the round trip the lanes' time limit scales with.
    await world.product([...OPT_IN_TYPES]);
    const turns = new ClockTurns();
    let movers = 0;
    // Mostly every type opted in, so that rule status decides; sometimes a narrower product default.
    const productOptIn = fc.oneof(
      { weight: 3, arbitrary: fc.constant([...OPT_IN_TYPES]) },
      { weight: 1, arbitrary: fc.subarray([...OPT_IN_TYPES]) },
    );
    const scenario = fc.tuple(productOptIn, fc.commands(commandArbitraries(withClock), { maxCommands: MAX_COMMANDS, size: 'max' }));
    const outcome = await checkProperty(
      ctx,
      'DC-LIFECYCLE-MODEL',
      'every decision across a generated rule lifecycle',
      scenario,
      async ([productOptIn, commands]) => {
        const clockOwned = withClock && movesClock(commands, productOptIn);
        if (clockOwned) movers += 1;
        const setup = async () => {
          const account = await world.account(productOptIn);
          const model: LifecycleModel = { account, rules: [], today: await world.today(), daysAdvanced: 0, clockOwned };
          return { model, real: { ctx, world, turns } };
        };
        const run = () => fc.asyncModelRun(setup, commands);
        if (clockOwned) await turns.mover(run);
        else if (readsClock(commands)) await turns.beside(run);
        // No rule with an expirationDate: nothing it judges depends on the day, so it needs no turn.
        else await run();
      },
      RUNS,
      ([productOptIn, commands]) => ({ productOptIn, commands: [...commands].map(String) }),
      { lanes: LIFECYCLE_LANES, callMs: world.typicalCallMs() },
    );
    ctx.log(
      `lifecycle: ${outcome.cases} command sequences in ${LIFECYCLE_LANES} lanes in ${outcome.durationMs} ms, ${movers} of them moving the clock in turns`,
    );
  },
});
