import { conformanceTests } from '../harness/vitestFace/vitestFace.ts';

// The one conformance file: one test per scenario, fed by the engine (harness/vitestFace/vitestFace.ts).
await conformanceTests(async () => (await import('./scenarioIndex.ts')).SCENARIOS_BY_AREA);
