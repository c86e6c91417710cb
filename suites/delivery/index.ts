import type { Scenario } from '../../harness/scenario.ts';
import { backoffScenarios } from './backoffScenario.ts';
import { lifecycleScenarios } from './lifecycleScenarios.ts';
import { matrixScenarios } from './matrixScenarios.ts';
import { modeScenarios } from './modeScenarios.ts';

/** Scenarios of the delivery area. */
export const deliveryScenarios: Scenario[] = [...matrixScenarios, ...lifecycleScenarios, ...modeScenarios, ...backoffScenarios];
