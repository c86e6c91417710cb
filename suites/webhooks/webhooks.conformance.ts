import { conformanceSuite } from '../../harness/scenarioRunner.ts';
import { webhooksScenarios } from './index.ts';

conformanceSuite('webhooks', webhooksScenarios);
