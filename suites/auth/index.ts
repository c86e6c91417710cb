import type { Scenario } from '../../harness/scenario.ts';

/** Scenarios of the auth area. */
export const authScenarios: Scenario[] = [];
