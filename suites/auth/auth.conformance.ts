import { conformanceSuite } from '../../harness/scenarioRunner.ts';
import { authScenarios } from './index.ts';

conformanceSuite('auth', authScenarios);
