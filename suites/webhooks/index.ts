import type { Scenario } from '../../harness/scenario.ts';

/** Scenarios of the webhooks area. */
export const webhooksScenarios: Scenario[] = [];
