import { describe, expect, test } from 'vitest';
import { selectScenarios } from '../../run/scenarioSelection.ts';
import { narrowingOf, type NarrowingOptions } from '../../cli/narrowing.ts';
import { narrowedByText } from '../../cli/commandLineText.ts';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { AREAS } from '../../harness/engine/scenario.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';

// --requirement and --grep select exactly the scenarios that judge those
// requirements / match that text, within --only; the run says how it was narrowed.

const catalogue = requirementCatalogue();
/** As `run` selects: the options parsed in cli/ (cli/narrowing.ts), then the selection of their values. */
const select = (options: NarrowingOptions) => selectScenarios(narrowingOf(options, catalogue));
const toldAs = (selection: ReturnType<typeof selectScenarios>) => (selection.narrowedBy ? narrowedByText(selection.narrowedBy) : []);
const everyScenario = AREAS.flatMap((area) => SCENARIOS_BY_AREA[area]);

describe('scenario selection', () => {
  test('--requirement selects every scenario that declares one of the ids, and judges only those ids', () => {
    const ids = ['PP-POLICY-CREATE', 'WH-LIST-PAGE-DEFAULT', 'EV-LIST-SHAPE'];
    const selection = select({ requirement: ids.join(',').toLowerCase() });
    const expected = everyScenario.filter((scenario) => scenario.requirements.some((id) => ids.includes(id)));
    expect(selection.scenarios.map((scenario) => scenario.id)).toEqual(expected.map((scenario) => scenario.id));
    expect([...selection.requirements]).toEqual(ids);
    expect(selection.areas).toEqual(['positive-pay', 'webhooks', 'events']);
    expect(toldAs(selection)).toEqual([`--requirement ${ids.join(',')}`]);
  });

  test('--grep matches scenario ids and titles, whatever the case, within --only', () => {
    const byId = select({ grep: 'WEBHOOKS/LIST' });
    expect(byId.scenarios.map((scenario) => scenario.id)).toEqual(
      everyScenario.filter((scenario) => scenario.id.includes('webhooks/list')).map((scenario) => scenario.id),
    );
    const title = SCENARIOS_BY_AREA.sandbox[0]?.title ?? '';
    const byTitle = select({ grep: title.toUpperCase() });
    expect(byTitle.scenarios.map((scenario) => scenario.title)).toContain(title);
    const within = select({ grep: 'list', only: 'events' });
    expect(within.scenarios.length).toBeGreaterThan(0);
    expect(within.scenarios.every((scenario) => scenario.area === 'events' && /list/i.test(`${scenario.id} ${scenario.title}`))).toBe(true);
    expect(toldAs(within)).toEqual(['--only events', '--grep "list"']);
  });

  test('the whole suite is not narrowed; an unknown id, an unjudged id or no match is a setup error', () => {
    expect(select({})).toMatchObject({ scenarios: everyScenario });
    expect(select({}).narrowedBy).toBeUndefined();
    expect(() => select({ requirement: 'PP-NOPE' })).toThrow(/unknown requirement id PP-NOPE/);
    expect(() => select({ requirement: 'AU-TOKEN-ISSUANCE' })).toThrow(/no scenario judges AU-TOKEN-ISSUANCE \(excluded: /);
    expect(() => select({ grep: 'no-such-scenario' })).toThrow(/no scenario matches --grep "no-such-scenario"/);
    expect(() => select({ requirement: 'PP-POLICY-CREATE', only: 'auth' })).toThrow(
      /no scenario matches --only auth --requirement PP-POLICY-CREATE/,
    );
  });
});
