import { conformanceSuite } from '../harness/scenarioRunner.ts';
import { SCENARIOS_BY_AREA } from './scenarioIndex.ts';

// The one conformance file: every area in one session, scheduled together (harness/scenarioExecutor.ts).
conformanceSuite(SCENARIOS_BY_AREA);
