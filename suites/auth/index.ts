import { alsoReading, type Scenario, type AreaSuite } from '../../harness/engine/scenario.ts';
import { credentialScenarios } from './credentialScenarios.ts';

/**
 * Scenarios of the auth area (API sections 4.5, 5.1). Their probes of POST /webhooks create Enabled webhooks;
 * their probes of events act on an event of the run's own, which a clock moved past retention would take away.
 */
export const authScenarios: Scenario[] = alsoReading(
  'clock',
  alsoReading('account-rules', alsoReading('webhook-quota', [...credentialScenarios])),
);

/** The auth area as the suite reads it (suites/scenarioIndex.ts): its scenarios, and the shapes their calls check on the way. */
export const area: AreaSuite<'auth'> = {
  name: 'auth',
  scenarios: authScenarios,
  shapesCheckedOnTheWay: ['EV-LIST-SHAPE', 'PP-LIST-SHAPE', 'PP-RULE-RESOURCE-SHAPE', 'WH-LIST-SHAPE', 'WH-RESOURCE-SHAPE'],
};
