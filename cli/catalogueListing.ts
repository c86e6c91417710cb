import { FAULTS } from '../emulator/faultCatalogue.ts';
import { TOLERATED_VARIATIONS } from '../emulator/faults/toleratedVariations.ts';
import { requirementCatalogue, type Level, type Requirement } from '../contract/catalogue/requirementCatalogue.ts';
import { AREAS, type Scenario } from '../harness/engine/scenario.ts';
import { SCENARIOS_BY_AREA } from '../suites/scenarioIndex.ts';
import { requirementsJudgedByArea } from '../run/scenarioSelection.ts';
import { RECEIVER_CASES } from '../receiver/receiverCases.ts';
import { CLIENT_ITEMS } from '../client/requestJudge.ts';
import {
  needsControl,
  parametersOf,
  PERTURBATION_NAMES,
  PERTURBATIONS,
  type PlanParameter,
  requirementsOf,
  throughProxy,
} from '../client/perturbations.ts';
import { ENVIRONMENTS } from '../contract/facts/environments.ts';
import {
  areaRows,
  CLIENT,
  faultRows,
  type AreaRow,
  type FaultRow,
  type ListArea,
  type ListFilters,
  type ListingData,
  perturbationRows,
  type PerturbationRow,
  RECEIVER,
  requirementRows,
  type RequirementRow,
  scenarioRows,
  type ScenarioRow,
} from './listingRows.ts';

// Every row `list` can show, gathered from the requirement catalogue, the scenarios, the receiver's
// cases, the client's items and perturbations and the emulator's seeded faults; cli/listingRows.ts
// selects from it. Loading all of them is most of what `list` costs, so the package's build writes
// these rows once (cli/builtListingMain.ts) and its `list` reads them instead.

/** What declares requirements: the target's scenarios and the receiver's cases, each with its area. */
type Declaring = Pick<Scenario, 'id' | 'requirements'> & { area: ListArea };

const allScenarios = (): Scenario[] => AREAS.flatMap((area) => SCENARIOS_BY_AREA[area]);
const receiverCases = (): Declaring[] => RECEIVER_CASES.map((entry) => ({ ...entry, area: RECEIVER }));
const clientItems = (): Declaring[] => CLIENT_ITEMS.map((item) => ({ id: item.id, requirements: [...item.requirements], area: CLIENT }));

function scenariosDeclaring(): Map<string, Declaring[]> {
  const byRequirement = new Map<string, Declaring[]>();
  for (const scenario of [...allScenarios(), ...receiverCases(), ...clientItems()]) {
    for (const id of scenario.requirements) byRequirement.set(id, [...(byRequirement.get(id) ?? []), scenario]);
  }
  return byRequirement;
}

/** Requirement id → the areas whose `run --only` judges it, and receiver for the receiver's cases. */
function areasJudging(): Map<string, ListArea[]> {
  const byRequirement = new Map<string, ListArea[]>();
  const judged: [ListArea, readonly string[]][] = [
    ...AREAS.map((area): [ListArea, readonly string[]] => [area, requirementsJudgedByArea(area)]),
    [RECEIVER, RECEIVER_CASES.flatMap((entry) => entry.requirements)],
    [CLIENT, CLIENT_ITEMS.flatMap((item) => item.requirements)],
  ];
  for (const [area, ids] of judged) for (const id of new Set(ids)) byRequirement.set(id, [...(byRequirement.get(id) ?? []), area]);
  return byRequirement;
}

function requirementRow(requirement: Requirement, declaring: readonly Declaring[], areas: readonly ListArea[]): RequirementRow {
  return {
    id: requirement.id,
    level: requirement.level,
    document: requirement.source.document,
    section: requirement.source.section,
    statement: requirement.statement,
    environments: requirement.environments,
    capability: requirement.capability,
    ...(requirement.excluded ? { excluded: requirement.excluded } : {}),
    ...(requirement.levelReason ? { levelReason: requirement.levelReason } : {}),
    scenarios: declaring.map((scenario) => scenario.id),
    areas: [...areas],
  };
}

function allRequirementRows(): RequirementRow[] {
  const declaring = scenariosDeclaring();
  const judging = areasJudging();
  return [...requirementCatalogue().all(), ...requirementCatalogue(RECEIVER).all(), ...requirementCatalogue(CLIENT).all()].map(
    (requirement) => requirementRow(requirement, declaring.get(requirement.id) ?? [], judging.get(requirement.id) ?? []),
  );
}

function allScenarioRows(): ScenarioRow[] {
  const targetRows: ScenarioRow[] = allScenarios().map((scenario) => ({
    id: scenario.id,
    area: scenario.area,
    title: scenario.title,
    requirements: [...scenario.requirements],
    needs: [...(scenario.needs ?? [])],
    environments: [...(scenario.environments ?? ENVIRONMENTS)],
  }));
  // A receiver case runs against the embedded sandbox whatever the target: it needs nothing of one.
  const receiverRows: ScenarioRow[] = RECEIVER_CASES.map((entry) => ({
    id: entry.id,
    area: RECEIVER,
    title: entry.title,
    requirements: [...entry.requirements],
    needs: [],
    environments: [...ENVIRONMENTS],
  }));
  // A client's item judges the requests of the client's own run: it needs nothing of a target either.
  const clientRows: ScenarioRow[] = CLIENT_ITEMS.map((item) => ({
    id: item.id,
    area: CLIENT,
    title: item.title,
    requirements: [...item.requirements],
    needs: [],
    environments: [...ENVIRONMENTS],
  }));
  return [...targetRows, ...receiverRows, ...clientRows];
}

/** What each parameter of a plan is when not given. */
const PARAMETER_DEFAULTS: Record<PlanParameter, string> = { op: 'any it bends', call: '1', times: '1' };

/** The client command's perturbations (`client --plan`), each with the requirement that judges what the client did next. */
function allPerturbationRows(): PerturbationRow[] {
  const levelOf = (id: string): Level => requirementCatalogue('client').get(id).level;
  return PERTURBATION_NAMES.map((name) => {
    const [requirement, ...others] = requirementsOf(name) as [string, ...string[]];
    const alsoJudgedBy = others.map((id) => ({ id, level: levelOf(id) }));
    const control = needsControl(name);
    const proxied = control ? `SKIP, as ${control}` : throughProxy(name);
    return {
      name,
      requirement,
      level: levelOf(requirement),
      alsoJudgedBy,
      description: PERTURBATIONS[name].description,
      ...(proxied ? { withTarget: proxied } : {}),
      parameters: parametersOf(name).map((parameter) => ({ name: parameter, default: PARAMETER_DEFAULTS[parameter] })),
    };
  });
}

function allFaultRows(): FaultRow[] {
  const faults: FaultRow[] = FAULTS.map((fault) => ({
    name: fault.name,
    kind: 'fault',
    description: fault.description,
    emulatorArea: fault.area,
    breaks: [...fault.breaks],
  }));
  const variations: FaultRow[] = TOLERATED_VARIATIONS.map((variation) => ({
    name: variation.name,
    kind: 'variation',
    description: variation.description,
    breaks: [],
  }));
  return [...faults, ...variations];
}

let gathered: ListingData | undefined;
/** Every row `list` can show, from the modules that hold them (gathered once per process). */
export function listingData(): ListingData {
  gathered ??= {
    requirements: allRequirementRows(),
    scenarios: allScenarioRows(),
    faults: allFaultRows(),
    perturbations: allPerturbationRows(),
  };
  return gathered;
}

export const listRequirements = (filters: ListFilters): RequirementRow[] => requirementRows(listingData(), filters);
export const listScenarios = (filters: ListFilters): ScenarioRow[] => scenarioRows(listingData(), filters);
export const listAreas = (filters: ListFilters): AreaRow[] => areaRows(listingData(), filters);
export const listPerturbations = (filters: ListFilters): PerturbationRow[] => perturbationRows(listingData(), filters);
export const listFaults = (filters: ListFilters): FaultRow[] => faultRows(listingData(), filters);
