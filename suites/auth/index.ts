import type { Scenario } from '../../harness/scenario.ts';
import { credentialScenarios } from './credentialScenarios.ts';

/** Scenarios of the auth area (API sections 4.5, 5.1). */
export const authScenarios: Scenario[] = [...credentialScenarios];
