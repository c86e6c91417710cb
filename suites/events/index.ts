import type { Scenario } from '../../harness/scenario.ts';
import { catalogueScenarios } from './catalogueScenarios.ts';
import { listFilterScenarios } from './listFilterScenarios.ts';
import { payloadScenarios } from './payloadScenarios.ts';
import { resendScenarios } from './resendScenarios.ts';
import { invalidFilterScenarios, retrievalScenarios } from './retrievalScenarios.ts';

/** Scenarios of the events area. The 90-day window moves the clock 90 days on, so it runs last among the clock users. */
export const eventsScenarios: Scenario[] = [
  ...catalogueScenarios, ...retrievalScenarios, ...listFilterScenarios, ...invalidFilterScenarios, ...payloadScenarios, ...resendScenarios,
];
