import { alsoReading, type Scenario, type AreaSuite } from '../../harness/engine/scenario.ts';
import { catalogueScenarios } from './catalogueScenarios.ts';
import { listFilterScenarios } from './listFilterScenarios.ts';
import { payloadScenarios } from './payloadScenarios.ts';
import { resendScenarios } from './resendScenarios.ts';
import { invalidFilterScenarios, retrievalScenarios } from './retrievalScenarios.ts';

/** Scenarios of the events area; their time windows are read on the target's clock, and some receive events at webhooks of their own. The 90-day window moves the clock 90 days on. */
export const eventsScenarios: Scenario[] = alsoReading(
  'account-rules',
  alsoReading(
    'webhook-quota',
    alsoReading('clock', [
      ...catalogueScenarios,
      ...retrievalScenarios,
      ...listFilterScenarios,
      ...invalidFilterScenarios,
      ...payloadScenarios,
      ...resendScenarios,
    ]),
  ),
);

/** The events area as the suite reads it (suites/scenarioIndex.ts): its scenarios, and the shapes their calls check on the way. */
export const area: AreaSuite<'events'> = {
  name: 'events',
  scenarios: eventsScenarios,
  shapesCheckedOnTheWay: ['EV-LIST-SHAPE', 'EV-RESOURCE-SHAPE', 'PP-RULE-RESOURCE-SHAPE', 'WH-RESOURCE-SHAPE'],
};
