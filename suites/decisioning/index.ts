import { alsoReading, type Scenario, type AreaSuite } from '../../harness/engine/scenario.ts';
import { consequenceScenarios } from './consequenceScenarios.ts';
import { exampleScenarios } from './exampleScenarios.ts';
import { lifecycleScenario } from './lifecycleScenario.ts';
import { propertyScenarios } from './propertyScenarios.ts';

/**
 * Scenarios of the decisioning area. Decisions are observed through simulated
 * payments, which exist only in the sandbox environment (API §4.5: "The sandbox can
 * also simulate received ACH payments"), so on a live target they SKIP with that reason.
 * Every case reads the target's today and makes rules that expire relative to it: the
 * properties follow the clock (propertyScenarios.ts), the others rely on it staying put.
 */
export const decisioningScenarios: Scenario[] = [
  ...alsoReading('clock', [...exampleScenarios, ...consequenceScenarios]),
  ...propertyScenarios,
  ...alsoReading('clock', [lifecycleScenario]),
].map((scenario) => ({ ...scenario, environments: ['sandbox'] as const }));

/** The decisioning area as the suite reads it (suites/scenarioIndex.ts): its scenarios, and the shapes their calls check on the way. */
export const area: AreaSuite<'decisioning'> = {
  name: 'decisioning',
  scenarios: decisioningScenarios,
  shapesCheckedOnTheWay: ['EV-LIST-SHAPE', 'PP-RULE-RESOURCE-SHAPE'],
};
