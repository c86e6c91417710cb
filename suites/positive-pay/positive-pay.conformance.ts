import { conformanceSuite } from '../../harness/scenarioRunner.ts';
import { positivePayScenarios } from './index.ts';

conformanceSuite('positive-pay', positivePayScenarios);
