import { alsoReading, type Scenario, type AreaSuite } from '../../harness/engine/scenario.ts';
import { cancelScenarios } from './cancelScenarios.ts';
import { createScenarios } from './createScenarios.ts';
import { invalidCreateScenarios } from './invalidCreateScenarios.ts';
import { listScenarios } from './listScenarios.ts';
import { policyScenarios } from './policyScenarios.ts';
import { uploadScenarios } from './uploadScenarios.ts';

/**
 * Scenarios of the positive-pay area (API sections 2.2–2.5, 3.1, 4.1, 4.2, 7, 8). They create
 * and cancel rules on the fixture account, so a scenario paging its rule list (a mover of
 * account-rules) runs while none of them does.
 */
export const positivePayScenarios: Scenario[] = alsoReading('account-rules', [
  ...policyScenarios,
  ...createScenarios,
  ...invalidCreateScenarios,
  ...listScenarios,
  ...cancelScenarios,
  ...uploadScenarios,
]);

/** The positive-pay area as the suite reads it (suites/scenarioIndex.ts): its scenarios, and the shapes their calls check on the way. */
export const area: AreaSuite<'positive-pay'> = {
  name: 'positive-pay',
  scenarios: positivePayScenarios,
  shapesCheckedOnTheWay: ['EV-LIST-SHAPE', 'PP-LIST-SHAPE', 'PP-RULE-RESOURCE-SHAPE'],
};
