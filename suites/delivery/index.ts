import { alsoReading, type Scenario, type AreaSuite } from '../../harness/engine/scenario.ts';
import { backoffScenarios } from './backoffScenario.ts';
import { lifecycleScenarios } from './lifecycleScenarios.ts';
import { matrixScenarios } from './matrixScenarios.ts';
import { modeScenarios } from './modeScenarios.ts';

/** Scenarios of the delivery area. Deliveries and their retries are timed by the target's clock; each has webhooks of its own. */
export const deliveryScenarios: Scenario[] = alsoReading(
  'webhook-quota',
  alsoReading('clock', [...matrixScenarios, ...lifecycleScenarios, ...modeScenarios, ...backoffScenarios]),
);

/** The delivery area as the suite reads it (suites/scenarioIndex.ts): its scenarios, and the shapes their calls check on the way. */
export const area: AreaSuite<'delivery'> = {
  name: 'delivery',
  scenarios: deliveryScenarios,
  shapesCheckedOnTheWay: ['EV-RESOURCE-SHAPE', 'WH-RESOURCE-SHAPE'],
};
