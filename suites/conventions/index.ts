import { alsoReading, type Scenario } from '../../harness/engine/scenario.ts';
import { formatScenarios } from './formatScenarios.ts';
import { pageSizeScenarios } from './pageSizeScenarios.ts';

/** Scenarios of the conventions area (API Conventions, 2.1, 7, 8, 9); they make rules on the fixture account. */
export const conventionsScenarios: Scenario[] = alsoReading('account-rules', [...formatScenarios, ...pageSizeScenarios]);
