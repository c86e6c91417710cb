import { admissibleDecisions } from './decisionModel.ts';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { defineScenario, type Scenario } from '../../harness/engine/scenario.ts';
import { buildCase, toModelPayment } from './caseSetup.ts';
import { EXAMPLES, type Example } from './exampleTable.ts';
import { REFUSED, simulate } from './simulationClient.ts';
import { PastExpirationRefused, TargetWorld } from './targetWorld.ts';

// The fixed boundary examples of exampleTable.ts, one scenario each. The model
// (suites/decisioning/decisionModel.ts) must agree with every example's expectation; if it
// does not, the example or the model is wrong and the scenario says so rather
// than judging the target. A SHOULD example picks one of the outcomes the model
// admits at MUST (e.g. rejecting a drawdown that names another account's rule).

function exampleScenario(example: Example): Scenario {
  return defineScenario({
    id: `decisioning/example/${example.id}`,
    area: 'decisioning',
    requirements: [example.requirement],
    needs: example.needsClock ? ['paymentSimulation', 'fixtureProvisioning', 'clockControl'] : ['paymentSimulation', 'fixtureProvisioning'],
    async run(ctx) {
      const world = new TargetWorld(ctx);
      await world.awayFromMidnight();
      let built;
      try {
        built = await buildCase(world, example);
      } catch (error) {
        if (!(error instanceof PastExpirationRefused)) throw error;
        ctx.check.skip(example.requirement, `${example.title}: ${error.message}, so the payment cannot be made against such a rule`);
        return;
      }
      const payment = toModelPayment(example.payment, built);
      const admissible = admissibleDecisions(built.account, built.rules, payment, built.today).map((decision) => decision.status);
      const should = requirementCatalogue().get(example.requirement).level === 'SHOULD';
      const agrees = should ? admissible.includes(example.expect as never) : admissible.length === 1 && admissible[0] === example.expect;
      if (example.expect !== 'observe' && !agrees && built.untaken.length > 0) {
        throw new Error(`${example.title}: ${built.untaken.join('; ')}, so the case the example describes could not be made`);
      }
      if (example.expect !== 'observe' && !agrees) {
        throw new Error(
          `example ${example.id} expects ${example.expect} but the model admits ${admissible.join(', ')}: fix the example or the model`,
        );
      }
      const { observed, response } = await simulate(ctx, payment);
      if (example.expect === 'observe') {
        ctx.check.observe(example.requirement, observed.status, `${example.title}: the target decided ${observed.status}`, response);
        return;
      }
      // A drawdown without a (valid) rule id may be refused as an invalid request: that rejects it too.
      const refusalRejects = example.expect === 'Rejected' && observed.status === REFUSED;
      const holds = observed.status === example.expect || refusalRejects;
      const madeTransaction = observed.transaction !== undefined;
      const transactionRight = example.expect === 'Processed' ? madeTransaction : !madeTransaction;
      ctx.check.expect(
        example.requirement,
        holds && transactionRight,
        `${example.title}: expected ${example.expect}; the target decided ${observed.status}${madeTransaction ? ` and created transaction ${observed.transaction?.id}` : ' and created no transaction'}`,
        response,
      );
    },
  });
}

export const exampleScenarios: Scenario[] = EXAMPLES.map(exampleScenario);
