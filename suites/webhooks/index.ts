import { alsoReading, type Scenario } from '../../harness/engine/scenario.ts';
import { createScenarios } from './createScenarios.ts';
import { listScenarios } from './listScenarios.ts';
import { stateScenarios } from './stateScenarios.ts';
import { updateScenarios } from './updateScenarios.ts';

/** Scenarios of the webhooks area; they create Enabled webhooks (the sandbox limit moves their quota). */
export const webhooksScenarios: Scenario[] = alsoReading('webhook-quota', [
  ...createScenarios,
  ...updateScenarios,
  ...stateScenarios,
  ...listScenarios,
]);
