import { describe, expect, test } from 'vitest';
import { handWrittenTitles, repeatedTitles, sameBehaviour } from './catalogueDuplicates.ts';
import { CLIENT_REQUIREMENTS, shapeRequirements } from '../../../contract/catalogue/operationCatalogue.ts';
import { requirementCatalogue } from '../../../contract/catalogue/requirementCatalogue.ts';
import { AREAS, defineScenario } from '../../../harness/engine/scenario.ts';
import { SCENARIOS_BY_AREA } from '../../../suites/scenarioIndex.ts';

// The catalogue gate: every requirement is covered by a check or excluded with a
// reason, and every check names a requirement that exists.

const catalogue = requirementCatalogue();
const scenarios = AREAS.flatMap((area) => SCENARIOS_BY_AREA[area]);
// The time-out and media type are judged on every call of every scenario; a
// response-shape requirement needs a scenario that declares it, so that it is
// selected whenever its area runs.
const harnessIds: string[] = Object.values(CLIENT_REQUIREMENTS);

describe('requirement catalogue gate', () => {
  test('every requirement id a scenario declares exists in the catalogue', () => {
    const unknown = scenarios.flatMap((scenario) =>
      scenario.requirements.filter((id) => !catalogue.has(id)).map((id) => `${scenario.id} declares unknown ${id}`),
    );
    expect(unknown).toEqual([]);
  });

  test('every requirement the harness checks on each call exists in the catalogue', () => {
    expect([...harnessIds, ...shapeRequirements()].filter((id) => !catalogue.has(id))).toEqual([]);
  });

  test('every response-shape requirement is declared by a scenario of its area', () => {
    const declared = new Set(scenarios.flatMap((scenario) => scenario.requirements));
    expect(shapeRequirements().filter((id) => !declared.has(id))).toEqual([]);
  });

  test('every requirement is covered by a scenario or excluded with a reason', () => {
    const covered = new Set([...harnessIds, ...scenarios.flatMap((scenario) => scenario.requirements)]);
    const uncovered = catalogue
      .all()
      .filter((requirement) => !requirement.excluded && !covered.has(requirement.id))
      .map((requirement) => requirement.id);
    expect(uncovered).toEqual([]);
  });

  test('excluded requirements are not claimed by a scenario', () => {
    const excluded = new Set(
      catalogue
        .all()
        .filter((requirement) => requirement.excluded)
        .map((requirement) => requirement.id),
    );
    const claimed = scenarios.flatMap((scenario) =>
      scenario.requirements.filter((id) => excluded.has(id)).map((id) => `${scenario.id} → ${id}`),
    );
    expect(claimed).toEqual([]);
  });

  test('scenario ids are unique and start with their area', () => {
    const ids = scenarios.map((scenario) => scenario.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(scenarios.filter((scenario) => !scenario.id.startsWith(`${scenario.area}/`)).map((scenario) => scenario.id)).toEqual([]);
  });

  test('every scenario declares at least one requirement and states its behaviour', () => {
    expect(
      scenarios.filter((scenario) => scenario.requirements.length === 0 || scenario.title.length < 10).map((scenario) => scenario.id),
    ).toEqual([]);
  });

  test('no statement is written twice and no two requirements judge the same behaviour (statements alike once the level is set aside)', () => {
    expect(sameBehaviour(catalogue.all())).toEqual([]);
  });

  test('every scenario title is derived from its first requirement, and no title is shown twice', () => {
    expect(handWrittenTitles(scenarios)).toEqual([]);
    expect(repeatedTitles(scenarios)).toEqual([]);
  });

  test('the duplicate checks fail on a statement written twice, a behaviour at two levels, a hand-written or repeated title', () => {
    const statements = [
      { id: 'X-ONE', statement: 'A request without a token MUST NOT succeed.' },
      { id: 'X-TWO', statement: 'A request without a token SHOULD not succeed' },
      { id: 'X-THREE', statement: 'A request with a token MUST succeed.' },
    ];
    expect(sameBehaviour(statements)).toEqual(['X-ONE = X-TWO']);
    const derived = defineScenario({ id: 'auth/x', area: 'auth', requirements: ['AU-TOKEN-REQUIRED'], run: async () => {} });
    const handWritten = { ...derived, id: 'auth/y', title: 'a request without a token MUST NOT succeed' };
    expect(handWrittenTitles([derived, handWritten])).toEqual(['auth/y: a request without a token MUST NOT succeed']);
    expect(repeatedTitles([derived, derived])).toEqual([derived.title]);
  });
});
