import { describe, expect, test } from 'vitest';
import { selectScenarios } from '../../run/scenarioSelection.ts';
import { requirementCatalogue } from '../../harness/documents/requirementCatalogue.ts';
import { AREAS } from '../../harness/engine/scenario.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';

// --requirement and --grep select exactly the scenarios that judge those
// requirements / match that text, within --only; the run says how it was narrowed.

const catalogue = requirementCatalogue();
const everyScenario = AREAS.flatMap((area) => SCENARIOS_BY_AREA[area]);

describe('scenario selection', () => {
  test('--requirement selects every scenario that declares one of the ids, and judges only those ids', () => {
    const ids = ['PP-POLICY-CREATE', 'WH-LIST-PAGE-DEFAULT', 'EV-LIST-SHAPE'];
    const selection = selectScenarios({ requirement: ids.join(',').toLowerCase() }, catalogue);
    const expected = everyScenario.filter((scenario) => scenario.requirements.some((id) => ids.includes(id)));
    expect(selection.scenarios.map((scenario) => scenario.id)).toEqual(expected.map((scenario) => scenario.id));
    expect([...selection.requirements]).toEqual(ids);
    expect(selection.areas).toEqual(['positive-pay', 'webhooks', 'events']);
    expect(selection.narrowedBy).toEqual([`--requirement ${ids.join(',')}`]);
  });

  test('--grep matches scenario ids and titles, whatever the case, within --only', () => {
    const byId = selectScenarios({ grep: 'WEBHOOKS/LIST' }, catalogue);
    expect(byId.scenarios.map((scenario) => scenario.id)).toEqual(
      everyScenario.filter((scenario) => scenario.id.includes('webhooks/list')).map((scenario) => scenario.id),
    );
    const title = SCENARIOS_BY_AREA.sandbox[0]?.title ?? '';
    const byTitle = selectScenarios({ grep: title.toUpperCase() }, catalogue);
    expect(byTitle.scenarios.map((scenario) => scenario.title)).toContain(title);
    const within = selectScenarios({ grep: 'list', only: 'events' }, catalogue);
    expect(within.scenarios.length).toBeGreaterThan(0);
    expect(within.scenarios.every((scenario) => scenario.area === 'events' && /list/i.test(`${scenario.id} ${scenario.title}`))).toBe(true);
    expect(within.narrowedBy).toEqual(['--only events', '--grep "list"']);
  });

  test('the whole suite is not narrowed; an unknown id, an unjudged id or no match is a setup error', () => {
    expect(selectScenarios({}, catalogue)).toMatchObject({ narrowedBy: [], scenarios: everyScenario });
    expect(() => selectScenarios({ requirement: 'PP-NOPE' }, catalogue)).toThrow(/unknown requirement id PP-NOPE/);
    expect(() => selectScenarios({ requirement: 'AU-TOKEN-ISSUANCE' }, catalogue)).toThrow(
      /no scenario judges AU-TOKEN-ISSUANCE \(excluded: /,
    );
    expect(() => selectScenarios({ grep: 'no-such-scenario' }, catalogue)).toThrow(/no scenario matches --grep "no-such-scenario"/);
    expect(() => selectScenarios({ requirement: 'PP-POLICY-CREATE', only: 'auth' }, catalogue)).toThrow(
      /no scenario matches --only auth --requirement PP-POLICY-CREATE/,
    );
  });
});
