import type { Scenario } from '../../harness/scenario.ts';

/** Scenarios of the positive-pay area. */
export const positivePayScenarios: Scenario[] = [];
