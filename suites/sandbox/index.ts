import type { Scenario } from '../../harness/scenario.ts';

/** Scenarios of the sandbox area. */
export const sandboxScenarios: Scenario[] = [];
