import type { Scenario } from '../../harness/scenario.ts';
import { payloadScenarios } from './payloadScenarios.ts';
import { resendScenarios } from './resendScenarios.ts';
import { retrievalScenarios } from './retrievalScenarios.ts';

/** Scenarios of the events area. The 90-day window moves the clock 90 days on, so it runs last among the clock users. */
export const eventsScenarios: Scenario[] = [...retrievalScenarios, ...payloadScenarios, ...resendScenarios];
