import type { Scenario } from '../../harness/scenario.ts';
import { consequenceScenarios } from './consequenceScenarios.ts';
import { exampleScenarios } from './exampleScenarios.ts';
import { lifecycleScenario } from './lifecycleScenario.ts';
import { propertyScenarios } from './propertyScenarios.ts';

/** Scenarios of the decisioning area. */
export const decisioningScenarios: Scenario[] = [...exampleScenarios, ...consequenceScenarios, ...propertyScenarios, lifecycleScenario];
