import type { Scenario } from '../../harness/scenario.ts';
import { exampleScenarios } from './exampleScenarios.ts';

/** Scenarios of the decisioning area. */
export const decisioningScenarios: Scenario[] = [...exampleScenarios];
