import { existsSync } from 'node:fs';
import { counted } from '../harness/records/counted.ts';
import { join } from 'node:path';
import type { RequirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { readEarlierRun } from '../verdict/resultsFile.ts';
import type { LastFailed } from '../run/scenarioSelection.ts';

// `run --last-failed`: what FAILed or was UNTESTABLE in the report directory's results.json
// (the last run written there), run again, and nothing else. As with pytest's --lf, a last run
// with nothing failed leaves the run whole: there is nothing to narrow to.

const FAILING = new Set(['FAIL', 'UNTESTABLE']);
const SHOWN = 10;

export interface LastFailedChoice {
  /** Undefined: nothing failed last time, the run is not narrowed. */
  selection?: LastFailed;
  /** The one line that says which requirements are run again, and from which run. */
  line: string;
}

export function lastFailedIn(reportDir: string, catalogue: RequirementCatalogue): LastFailedChoice {
  const path = join(reportDir, 'results.json');
  if (!existsSync(path)) {
    throw new SetupError(`--last-failed: no results.json in ${reportDir}; give the --report-dir of the run to repeat`);
  }
  const earlier = readEarlierRun(path, '--last-failed');
  const failed = earlier.requirements.filter((result) => FAILING.has(result.outcome));
  const when = `the run of ${earlier.startedAt} (${path})`;
  if (failed.length === 0) return { line: `--last-failed: nothing FAILed or was UNTESTABLE in ${when}; running the whole selection` };
  const known = failed.filter((result) => catalogue.has(result.id));
  if (known.length === 0) {
    throw new SetupError(
      `--last-failed: none of the ${counted(failed.length, 'requirement')} that failed in ${when} is one \`run\` judges (a receiver run's results?)`,
    );
  }
  const ids = known.map((result) => result.id);
  const shown = ids.length > SHOWN ? `${ids.slice(0, SHOWN).join(', ')} and ${ids.length - SHOWN} more` : ids.join(', ');
  return {
    selection: {
      requirements: ids,
      // An older results.json may name no scenario on a check: the scenarios declaring the requirement run anyway.
      scenarios: [...new Set(known.flatMap((result) => result.checks.map((check) => check.itemId)).filter((id) => typeof id === 'string'))],
    },
    line: `--last-failed: running again the ${counted(ids.length, 'requirement')} that FAILed or were UNTESTABLE in ${when}: ${shown}`,
  };
}
