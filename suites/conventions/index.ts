import { alsoReading, type Scenario, type AreaSuite } from '../../harness/engine/scenario.ts';
import { formatScenarios } from './formatScenarios.ts';
import { pageSizeScenarios } from './pageSizeScenarios.ts';

/** Scenarios of the conventions area (API Conventions, 2.1, 7, 8, 9); they make rules on the fixture account. */
export const conventionsScenarios: Scenario[] = alsoReading('account-rules', [...formatScenarios, ...pageSizeScenarios]);

/** The conventions area as the suite reads it (suites/scenarioIndex.ts): its scenarios, and the shapes their calls check on the way. */
export const area: AreaSuite<'conventions'> = {
  name: 'conventions',
  scenarios: conventionsScenarios,
  shapesCheckedOnTheWay: ['PP-LIST-SHAPE', 'PP-RULE-RESOURCE-SHAPE'],
};
