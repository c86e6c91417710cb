import type { Scenario } from '../../harness/scenario.ts';
import { accessScenarios } from './accessScenarios.ts';
import { documentScenarios } from './documentScenarios.ts';
import { reviewScenarios } from './reviewScenarios.ts';
import { triggerScenarios } from './triggerScenarios.ts';

/** Scenarios of the sandbox area. */
export const sandboxScenarios: Scenario[] = [...triggerScenarios, ...reviewScenarios, ...documentScenarios, ...accessScenarios];
