import { conformanceSuite } from '../../harness/scenarioRunner.ts';
import { conventionsScenarios } from './index.ts';

conformanceSuite('conventions', conventionsScenarios);
