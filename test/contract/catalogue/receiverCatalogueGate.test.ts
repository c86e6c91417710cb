import { describe, expect, test } from 'vitest';
import { loadRequirementCatalogue, requirementCatalogue } from '../../../contract/catalogue/requirementCatalogue.ts';
import { AREAS, derivedTitle } from '../../../harness/engine/scenario.ts';
import { RECEIVER_GROUP } from '../../../receiver/receiverCase.ts';
import { RECEIVER_CASES } from '../../../receiver/receiverCases.ts';
import { SCENARIOS_BY_AREA } from '../../../suites/scenarioIndex.ts';
import { repeatedTitles } from './catalogueDuplicates.ts';

// The catalogue gate of the receiver requirements (subject: receiver in
// requirements/receiver.yaml): they are judged by the receiver command's cases,
// never by a run's scenarios, and each is covered by a case.

const receiver = requirementCatalogue('receiver');
const target = requirementCatalogue();

describe('receiver requirement catalogue gate', () => {
  test("the subjects split the whole catalogue: every RC requirement is the receiver's, and only those", () => {
    const all = loadRequirementCatalogue().all();
    expect(receiver.all().length + target.all().length + requirementCatalogue('client').all().length).toBe(all.length);
    expect(
      receiver
        .all()
        .map((requirement) => requirement.id)
        .filter((id) => !id.startsWith('RC-')),
    ).toEqual([]);
    expect(
      target
        .all()
        .map((requirement) => requirement.id)
        .filter((id) => id.startsWith('RC-')),
    ).toEqual([]);
    expect(receiver.all().length).toBeGreaterThan(0);
  });

  test('every id a case declares is a receiver requirement', () => {
    const unknown = RECEIVER_CASES.flatMap((receiverCase) =>
      receiverCase.requirements.filter((id) => !receiver.has(id)).map((id) => `${receiverCase.id} declares ${id}`),
    );
    expect(unknown).toEqual([]);
  });

  test('every receiver requirement is covered by a case', () => {
    const covered = new Set(RECEIVER_CASES.flatMap((receiverCase) => receiverCase.requirements));
    expect(
      receiver
        .all()
        .filter((requirement) => !covered.has(requirement.id))
        .map((requirement) => requirement.id),
    ).toEqual([]);
  });

  test('no scenario of a run declares a receiver requirement', () => {
    const claimed = AREAS.flatMap((area) => SCENARIOS_BY_AREA[area]).flatMap((scenario) =>
      scenario.requirements.filter((id) => receiver.has(id)).map((id) => `${scenario.id} → ${id}`),
    );
    expect(claimed).toEqual([]);
  });

  test('case ids are unique and start with receiver/', () => {
    const ids = RECEIVER_CASES.map((receiverCase) => receiverCase.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(ids.filter((id) => !id.startsWith(`${RECEIVER_GROUP}/`))).toEqual([]);
    expect(RECEIVER_CASES.filter((receiverCase) => receiverCase.requirements.length === 0).map((receiverCase) => receiverCase.id)).toEqual(
      [],
    );
  });

  test('every case title is derived from its first requirement, as a scenario title is, and no title is shown twice', () => {
    const handWritten = RECEIVER_CASES.filter(
      (receiverCase) => receiverCase.title !== derivedTitle({ ...receiverCase, area: RECEIVER_GROUP }, receiver),
    ).map((receiverCase) => `${receiverCase.id}: ${receiverCase.title}`);
    expect(handWritten).toEqual([]);
    expect(repeatedTitles(RECEIVER_CASES)).toEqual([]);
  });
});
