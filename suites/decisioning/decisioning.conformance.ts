import { conformanceSuite } from '../../harness/scenarioRunner.ts';
import { decisioningScenarios } from './index.ts';

conformanceSuite('decisioning', decisioningScenarios);
