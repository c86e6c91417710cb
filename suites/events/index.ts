import type { Scenario } from '../../harness/scenario.ts';

/** Scenarios of the events area. */
export const eventsScenarios: Scenario[] = [];
