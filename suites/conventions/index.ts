import type { Scenario } from '../../harness/scenario.ts';

/** Scenarios of the conventions area. */
export const conventionsScenarios: Scenario[] = [];
