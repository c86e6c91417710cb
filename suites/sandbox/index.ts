import { alsoReading, type Scenario, type AreaSuite } from '../../harness/engine/scenario.ts';
import { accessScenarios } from './accessScenarios.ts';
import { documentScenarios } from './documentScenarios.ts';
import { reviewScenarios } from './reviewScenarios.ts';
import { triggerScenarios } from './triggerScenarios.ts';

/**
 * Scenarios of the sandbox area. They find the events their operations fired in
 * GET /events: a clock moved 90 days meanwhile (the events area's retention case)
 * would take those events out of the list, so they read the clock.
 */
export const sandboxScenarios: Scenario[] = alsoReading('clock', [
  ...triggerScenarios,
  ...reviewScenarios,
  ...documentScenarios,
  ...accessScenarios,
]);

/** The sandbox area as the suite reads it (suites/scenarioIndex.ts): its scenarios, and the shapes their calls check on the way. */
export const area: AreaSuite<'sandbox'> = {
  name: 'sandbox',
  scenarios: sandboxScenarios,
  shapesCheckedOnTheWay: ['EV-LIST-SHAPE'],
};
