import { conformanceSuite } from '../../harness/scenarioRunner.ts';
import { deliveryScenarios } from './index.ts';

conformanceSuite('delivery', deliveryScenarios);
