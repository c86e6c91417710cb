import type { Scenario } from '../../harness/scenario.ts';
import { createScenarios } from './createScenarios.ts';
import { listScenarios } from './listScenarios.ts';
import { stateScenarios } from './stateScenarios.ts';
import { updateScenarios } from './updateScenarios.ts';

/** Scenarios of the webhooks area. The sandbox limit runs before paging, which then finds more than 100 webhooks. */
export const webhooksScenarios: Scenario[] = [...createScenarios, ...updateScenarios, ...stateScenarios, ...listScenarios];
