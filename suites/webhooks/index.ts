import { alsoReading, type Scenario, type AreaSuite } from '../../harness/engine/scenario.ts';
import { createScenarios } from './createScenarios.ts';
import { listScenarios } from './listScenarios.ts';
import { stateScenarios } from './stateScenarios.ts';
import { updateScenarios } from './updateScenarios.ts';

/** Scenarios of the webhooks area; they create Enabled webhooks (the sandbox limit moves their quota). */
export const webhooksScenarios: Scenario[] = alsoReading('webhook-quota', [
  ...createScenarios,
  ...updateScenarios,
  ...stateScenarios,
  ...listScenarios,
]);

/** The webhooks area as the suite reads it (suites/scenarioIndex.ts): its scenarios, and the shapes their calls check on the way. */
export const area: AreaSuite<'webhooks'> = {
  name: 'webhooks',
  scenarios: webhooksScenarios,
  shapesCheckedOnTheWay: ['WH-LIST-SHAPE', 'WH-RESOURCE-SHAPE'],
};
