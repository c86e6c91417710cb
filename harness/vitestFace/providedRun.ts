import { inject } from 'vitest';
import type { ScenarioReport } from '../engine/engineEvents.ts';

// What vitest's conformance project is handed through its typed provide/inject: either the
// reports of a run that has finished (report/allureFace.ts, the Allure face of `run` and
// `receiver`), or, when a person runs `npx vitest --project conformance` with nothing
// provided, an embedded emulator to run the engine against (run/embeddedConformance.ts).
// Never a token: a session reads token values from the variables its manifest names.

export interface EmbeddedRun {
  baseUrl: string;
  /** The scenarios to run, by id. */
  scenarioIds: string[];
  seed: number;
}

declare module 'vitest' {
  interface ProvidedContext {
    conformanceReports: ScenarioReport[] | undefined;
    embeddedRun: EmbeddedRun | undefined;
  }
}

export const providedReports = (): ScenarioReport[] | undefined => inject('conformanceReports');

export const providedEmbeddedRun = (): EmbeddedRun | undefined => inject('embeddedRun');
