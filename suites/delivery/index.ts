import type { Scenario } from '../../harness/scenario.ts';

/** Scenarios of the delivery area. */
export const deliveryScenarios: Scenario[] = [];
