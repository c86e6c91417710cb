import { beforeAll, describe, expect, test } from 'vitest';
import { FAULTS } from '../../emulator/faultCatalogue.ts';
import { TOLERATED_VARIATIONS } from '../../emulator/faults/toleratedVariations.ts';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { AREAS } from '../../harness/engine/scenario.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';
import { requirementsJudgedByArea } from '../../run/scenarioSelection.ts';
import { RECEIVER_CASES } from '../../receiver/receiverCases.ts';
import { CLIENT_ITEMS } from '../../client/requestJudge.ts';
import { runCli, type CliResult } from './cliProcess.ts';

// `list` shows the catalogue as `run` selects it: every requirement, scenario,
// area and fault, filtered by level and by what `run --only AREA` judges.

const catalogue = requirementCatalogue();
const receiverCatalogue = requirementCatalogue('receiver');
const clientCatalogue = requirementCatalogue('client');
const invocations = {
  requirements: ['list', '--json'],
  mustOfAuth: ['list', 'requirements', '--level', 'MUST', '--area', 'auth', '--json'],
  mustOfAuthText: ['list', 'requirements', '--level', 'must', '--area', 'auth'],
  scenariosOfDecisioning: ['list', 'scenarios', '--area', 'decisioning', '--json'],
  areas: ['list', 'areas', '--json'],
  receiverRequirements: ['list', '--area', 'receiver', '--json'],
  receiverCases: ['list', 'scenarios', '--area', 'receiver', '--json'],
  clientRequirements: ['list', '--area', 'client', '--json'],
  clientItems: ['list', 'scenarios', '--area', 'client', '--json'],
  clientRequirementsText: ['list', '--area', 'client'],
  faults: ['list', 'faults', '--json'],
  badKind: ['list', 'rules'],
  badArea: ['list', 'scenarios', '--area', 'payments'],
} as const;
const results = {} as Record<keyof typeof invocations, CliResult>;

beforeAll(async () => {
  const entries = Object.entries(invocations) as Array<[keyof typeof invocations, readonly string[]]>;
  const answers = await Promise.all(entries.map(([, args]) => runCli([...args])));
  entries.forEach(([name], index) => (results[name] = answers[index] as CliResult));
}, 180_000);

const json = <T>(name: keyof typeof invocations): T[] => {
  expect(results[name].code, results[name].stderr).toBe(0);
  return JSON.parse(results[name].stdout) as T[];
};

describe('list', () => {
  test('lists every requirement with its level, section, statement and the scenarios that judge it', () => {
    const rows = json<{ id: string; level: string; document: string; section: string; statement: string; scenarios: string[] }>(
      'requirements',
    );
    expect(rows.map((row) => row.id)).toEqual(
      [...catalogue.all(), ...receiverCatalogue.all(), ...clientCatalogue.all()].map((requirement) => requirement.id),
    );
    const row = rows.find((entry) => entry.id === 'AU-TOKEN-REQUIRED');
    expect(row).toMatchObject({ level: 'MUST', document: 'api', section: '5.1', statement: catalogue.get('AU-TOKEN-REQUIRED').statement });
    expect(row?.scenarios).toContain('auth/no-token/positivePay.create');
  });

  test('--level and --area select the MUST requirements the area judges', () => {
    const rows = json<{ id: string; level: string; areas: string[] }>('mustOfAuth');
    const judged = new Set(requirementsJudgedByArea('auth'));
    const expected = catalogue
      .all()
      .filter((requirement) => requirement.level === 'MUST' && judged.has(requirement.id))
      .map((requirement) => requirement.id);
    expect(rows.map((entry) => entry.id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    const lines = results.mustOfAuthText.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(expected.length + 1);
    expect(lines[0]).toMatch(/^AU-TOKEN-REQUIRED +MUST +api §5\.1 +Every operation requires Authorization Bearer/);
    expect(lines.at(-1)).toBe(`${expected.length} requirement(s)`);
  });

  test('lists the scenarios of an area with their title, requirement ids and needed capabilities', () => {
    const rows = json<{ id: string; area: string; title: string; requirements: string[]; needs: string[] }>('scenariosOfDecisioning');
    expect(rows.map((row) => row.id)).toEqual(SCENARIOS_BY_AREA.decisioning.map((scenario) => scenario.id));
    const first = SCENARIOS_BY_AREA.decisioning[0];
    expect(rows[0]).toMatchObject({
      area: 'decisioning',
      title: first?.title,
      requirements: [...(first?.requirements ?? [])],
      needs: [...(first?.needs ?? [])],
    });
  });

  test('lists the areas with their counts, and every seeded fault and tolerated variation', () => {
    const areas = json<{ area: string; scenarios: number }>('areas');
    expect(areas.map((row) => [row.area, row.scenarios])).toEqual([
      ...AREAS.map((area) => [area, SCENARIOS_BY_AREA[area].length]),
      ['receiver', RECEIVER_CASES.length],
      ['client', CLIENT_ITEMS.length],
    ]);
    const faults = json<{ name: string; kind: string; breaks: string[] }>('faults');
    expect(faults.filter((row) => row.kind === 'fault').map((row) => [row.name, row.breaks])).toEqual(
      FAULTS.map((fault) => [fault.name, fault.breaks]),
    );
    expect(faults.filter((row) => row.kind === 'variation').map((row) => row.name)).toEqual(
      TOLERATED_VARIATIONS.map((variation) => variation.name),
    );
  });

  test('--area receiver lists the receiver requirements and the cases of the receiver command', () => {
    const requirements = json<{ id: string; scenarios: string[] }>('receiverRequirements');
    expect(requirements.map((row) => row.id)).toEqual(receiverCatalogue.all().map((requirement) => requirement.id));
    expect(requirements.length).toBeGreaterThan(0);
    const cases = json<{ id: string; area: string; requirements: string[] }>('receiverCases');
    expect(cases.map((row) => [row.id, row.area])).toEqual(RECEIVER_CASES.map((entry) => [entry.id, 'receiver']));
  });

  test('--area client lists the client requirements and the items of the client command', () => {
    const requirements = json<{ id: string; scenarios: string[] }>('clientRequirements');
    expect(requirements.map((row) => row.id)).toEqual(clientCatalogue.all().map((requirement) => requirement.id));
    expect(requirements.every((row) => row.scenarios.length > 0)).toBe(true);
    const items = json<{ id: string; area: string }>('clientItems');
    expect(items.map((row) => [row.id, row.area])).toEqual(CLIENT_ITEMS.map((item) => [item.id, 'client']));
  });

  test('--area client shows each requirement with its level, and the reason for a level that is not MUST', () => {
    const lines = results.clientRequirementsText.stdout.split('\n');
    for (const requirement of clientCatalogue.all()) {
      const line = lines.find((one) => one.startsWith(`${requirement.id} `));
      expect(line, requirement.id).toContain(` ${requirement.level} `);
      if (requirement.levelReason) expect(line, requirement.id).toContain(`(level: ${requirement.levelReason})`);
    }
    const rows = json<{ id: string; levelReason?: string }>('clientRequirements');
    expect(rows.find((row) => row.id === 'CL-NO-BODY')?.levelReason).toBe(clientCatalogue.get('CL-NO-BODY').levelReason);
  });

  test('an unknown kind or area exits 2 naming what is allowed', () => {
    expect(results.badKind.code).toBe(2);
    expect(results.badKind.stderr).toContain("unknown kind 'rules'; kinds are requirements, scenarios, areas, faults");
    expect(results.badArea.code).toBe(2);
    expect(results.badArea.stderr).toContain("--area: unknown area 'payments'");
  });
});
