import type { Area } from '../harness/scenario.ts';

// How `run --requirement`/`--grep` hand their selection to the vitest workers
// (report/selectionSetup.ts): the positions of the selected scenarios in their
// area's list, as JSON in one environment variable.

export const SELECTION_ENV = 'BANKING_API_CONFORMANCE_SELECTION';

/** Area → positions of the selected scenarios in SCENARIOS_BY_AREA[area]. */
export type SelectedPositions = Partial<Record<Area, number[]>>;
