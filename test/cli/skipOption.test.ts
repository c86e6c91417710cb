import { beforeAll, describe, expect, test } from 'vitest';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { AREAS } from '../../harness/engine/scenario.ts';
import { selectScenarios } from '../../run/scenarioSelection.ts';
import { narrowingOf } from '../../cli/narrowing.ts';
import { narrowedByText } from '../../cli/commandLineText.ts';
import { SetupError } from '../../harness/records/setupError.ts';
import { type InProcessRun, runInProcess } from './inProcessRun.ts';

// `run --skip AREA|ID` is the opposite of --only and --requirement: a skipped area's scenarios
// do not run, a skipped requirement is not judged (nor a scenario that judges nothing else), and
// the run is partial: its reports count only what was selected.

const catalogue = requirementCatalogue();
const SKIPPED = ['GN-TIMEOUT', 'AU-TOKEN-REQUIRED'];
let run: InProcessRun;

beforeAll(async () => {
  run = await runInProcess({ only: 'auth', skip: [SKIPPED.join(',')] });
}, 120_000);

describe('--skip', () => {
  test('an area: none of its scenarios is selected, and the run is partial', () => {
    const selection = selectScenarios(narrowingOf({ skip: ['auth'] }, catalogue));
    expect(selection.scenarios.some((scenario) => scenario.area === 'auth')).toBe(false);
    expect(selection.areas).toEqual(AREAS.filter((area) => area !== 'auth'));
    expect(selection.narrowedBy && narrowedByText(selection.narrowedBy)).toEqual(['--skip auth']);
  });

  test('an unknown name is refused with the closest one', () => {
    expect(() => narrowingOf({ skip: ['atuh'] }, catalogue)).toThrow(SetupError);
    expect(() => narrowingOf({ skip: ['atuh'] }, catalogue)).toThrow(
      /--skip: 'atuh' is neither an area nor a requirement id \(did you mean auth\?\)/,
    );
    expect(() => narrowingOf({ skip: ['AU-TOKEN-REQIRED'] }, catalogue)).toThrow(/did you mean AU-TOKEN-REQUIRED\?/);
  });

  test('requirements: neither judged nor reported, though the scenarios that record them on the way run', () => {
    expect(run.code, run.lines.join('\n')).toBe(0);
    const document = run.document;
    const selected = [...document.selectedRequirements].sort();
    for (const id of SKIPPED) {
      expect(selected).not.toContain(id);
      expect(document.requirements.some((result) => result.id === id)).toBe(false);
    }
    // Every auth scenario calls the API, so GN-TIMEOUT would have been recorded had it not been skipped.
    expect(document.itemIds.length).toBeGreaterThan(0);
    expect(document.partial?.narrowedBy).toEqual(['--only auth', `--skip ${SKIPPED.join(',')}`]);
    expect(document.requirements.map((result) => result.id).sort()).toEqual(selected);
    expect(document.partial?.requirements).toBe(selected.length);
    expect(run.junitCases).toEqual(selected);
    expect(run.lines.join('\n')).toContain(`Verdict: CONFORMANT (partial: ${selected.length} of ${catalogue.all().length} requirements)`);
  });
});
