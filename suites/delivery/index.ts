import { alsoReading, type Scenario } from '../../harness/engine/scenario.ts';
import { backoffScenarios } from './backoffScenario.ts';
import { lifecycleScenarios } from './lifecycleScenarios.ts';
import { matrixScenarios } from './matrixScenarios.ts';
import { modeScenarios } from './modeScenarios.ts';

/** Scenarios of the delivery area. Deliveries and their retries are timed by the target's clock; each has webhooks of its own. */
export const deliveryScenarios: Scenario[] = alsoReading(
  'webhook-quota',
  alsoReading('clock', [...matrixScenarios, ...lifecycleScenarios, ...modeScenarios, ...backoffScenarios]),
);
