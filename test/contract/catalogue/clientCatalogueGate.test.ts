import { describe, expect, test } from 'vitest';
import { requirementCatalogue } from '../../../contract/catalogue/requirementCatalogue.ts';
import { AREAS, derivedTitle } from '../../../harness/engine/scenario.ts';
import { CLIENT_GROUP } from '../../../client/clientChecks.ts';
import { CLIENT_ITEMS, CLIENT_REQUIREMENTS } from '../../../client/requestJudge.ts';
import { SCENARIOS_BY_AREA } from '../../../suites/scenarioIndex.ts';
import { repeatedTitles } from './catalogueDuplicates.ts';

// The catalogue gate of the client requirements (subject: client in
// requirements/client.yaml): judged by the client command's items
// (client/requestJudge.ts), never by a run's scenarios, each covered by an item.

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

  test('every requirement is covered by an item, and every id an item declares is a client requirement', () => {
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

  test('item ids are unique and start with client/; every title is derived from its first requirement, none shown twice', () => {
    const itemIds = CLIENT_ITEMS.map((item) => item.id);
    expect(itemIds.filter((id, index) => itemIds.indexOf(id) !== index)).toEqual([]);
    expect(itemIds.filter((id) => !id.startsWith(`${CLIENT_GROUP}/`))).toEqual([]);
    const handWritten = CLIENT_ITEMS.filter((item) => item.title !== derivedTitle({ ...item, area: CLIENT_GROUP }, client));
    expect(handWritten.map((item) => item.id)).toEqual([]);
    expect(repeatedTitles(CLIENT_ITEMS)).toEqual([]);
  });
});
