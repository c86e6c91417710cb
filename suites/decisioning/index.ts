import type { Scenario } from '../../harness/scenario.ts';
import { exampleScenarios } from './exampleScenarios.ts';
import { lifecycleScenario } from './lifecycleScenario.ts';
import { propertyScenarios } from './propertyScenarios.ts';

/** Scenarios of the decisioning area. */
export const decisioningScenarios: Scenario[] = [...exampleScenarios, ...propertyScenarios, lifecycleScenario];
