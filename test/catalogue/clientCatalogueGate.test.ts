import { describe, expect, test } from 'vitest';
import { requirementCatalogue } from '../../harness/documents/requirementCatalogue.ts';
import { AREAS, derivedTitle } from '../../harness/engine/scenario.ts';
import { CLIENT_CHECKS, CLIENT_GROUP } from '../../client/clientChecks.ts';
import { CLIENT_REQUIREMENTS, COVERAGE_CHECK } from '../../client/requestJudge.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';
import { repeatedTitles } from './catalogueDuplicates.ts';

// The catalogue gate of the client requirements (subject: client in
// requirements/client.yaml): judged by the client command's checks
// (client/clientChecks.ts), never by a run's scenarios, each covered by a check.

const client = requirementCatalogue('client');
const ids = client.all().map((requirement) => requirement.id);

describe('client requirement catalogue gate', () => {
  test("every CL requirement is the client's, and only those", () => {
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => !id.startsWith('CL-'))).toEqual([]);
    expect(
      requirementCatalogue()
        .all()
        .concat(requirementCatalogue('receiver').all())
        .filter((requirement) => requirement.id.startsWith('CL-')),
    ).toEqual([]);
  });

  test('every requirement is covered by a check, and every id a check declares is a client requirement', () => {
    expect([...CLIENT_REQUIREMENTS].sort()).toEqual([...ids].sort());
  });

  test('every MUST and SHOULD quotes the documents; an OBSERVE says the documents are silent', () => {
    const unquoted = client
      .all()
      .filter((requirement) => requirement.level !== 'OBSERVE' && !/\("[^"]+"/.test(requirement.statement))
      .map((requirement) => requirement.id);
    expect(unquoted).toEqual([]);
  });

  test('no scenario of a run declares a client requirement', () => {
    const claimed = AREAS.flatMap((area) => SCENARIOS_BY_AREA[area]).flatMap((scenario) =>
      scenario.requirements.filter((id) => client.has(id)).map((id) => `${scenario.id} → ${id}`),
    );
    expect(claimed).toEqual([]);
  });

  test('check ids are unique and start with client/; every title is derived from its first requirement, none shown twice', () => {
    const checkIds = [...CLIENT_CHECKS.map((check) => check.id), COVERAGE_CHECK];
    expect(checkIds.filter((id, index) => checkIds.indexOf(id) !== index)).toEqual([]);
    expect(checkIds.filter((id) => !id.startsWith(`${CLIENT_GROUP}/`))).toEqual([]);
    const handWritten = CLIENT_CHECKS.filter((check) => check.title !== derivedTitle({ ...check, area: CLIENT_GROUP }, client));
    expect(handWritten.map((check) => check.id)).toEqual([]);
    expect(repeatedTitles(CLIENT_CHECKS)).toEqual([]);
  });
});
