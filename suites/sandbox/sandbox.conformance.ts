import { conformanceSuite } from '../../harness/scenarioRunner.ts';
import { sandboxScenarios } from './index.ts';

conformanceSuite('sandbox', sandboxScenarios);
