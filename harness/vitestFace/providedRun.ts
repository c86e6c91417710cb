import { inject } from 'vitest';

// What vitest's conformance project is handed through its typed provide/inject when a person
// runs `npx vitest --project conformance`: an embedded emulator to run the engine against
// (run/embeddedConformance.ts). Never a token: a session reads token values from the variables
// its manifest names.

export interface EmbeddedRun {
  baseUrl: string;
  /** The scenarios to run, by id. */
  scenarioIds: string[];
  seed: number;
}

declare module 'vitest' {
  interface ProvidedContext {
    embeddedRun: EmbeddedRun | undefined;
  }
}

export const providedEmbeddedRun = (): EmbeddedRun | undefined => inject('embeddedRun');
