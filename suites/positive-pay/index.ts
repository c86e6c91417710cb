import { alsoReading, type Scenario } from '../../harness/engine/scenario.ts';
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
