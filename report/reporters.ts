// The reports `run --reporter` chooses from, named once for the command line and the writers.
// results.json is not among them: it is always written, being the run's record that merge,
// compare, cleanup and --last-failed read.

export const REPORTERS = ['junit', 'html', 'summary', 'allure', 'har'] as const;
export type Reporter = (typeof REPORTERS)[number];
/** As a run always wrote them: every report but HAR, which `--har FILE` asks for. */
export const DEFAULT_REPORTERS: readonly Reporter[] = ['junit', 'html', 'summary', 'allure'];
