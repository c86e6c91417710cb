import { conformanceSuite } from '../../harness/scenarioRunner.ts';
import { eventsScenarios } from './index.ts';

conformanceSuite('events', eventsScenarios);
