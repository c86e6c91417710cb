import type { Scenario } from '../../harness/scenario.ts';

/** Scenarios of the decisioning area. */
export const decisioningScenarios: Scenario[] = [];
