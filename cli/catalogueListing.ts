import { FAULTS } from '../emulator/faultCatalogue.ts';
import { TOLERATED_VARIATIONS } from '../emulator/faults/toleratedVariations.ts';
import { LEVELS, requirementCatalogue, type Level, type Requirement } from '../contract/catalogue/requirementCatalogue.ts';
import { AREAS, type Area, type Scenario } from '../harness/engine/scenario.ts';
import { SetupError } from '../harness/records/setupError.ts';
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

// What `list` shows: the requirement catalogue, the scenarios, the areas and the
// emulator's seeded faults, filtered the way `run` selects. "--area X" means what
// `run --only X` judges (run/scenarioSelection.ts says what that is): the scenarios of X,
// the requirements they declare or check on the way, and the faults that break one of those. "receiver" and "client"
// are the other subjects (the RC requirements and the cases of the `receiver` command; the CL requirements and the
// items of the `client` command).

export const LIST_KINDS = ['requirements', 'scenarios', 'areas', 'faults', 'perturbations'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/** The `receiver` command's subject, listed beside the target's areas. */
const RECEIVER = 'receiver';
/** The `client` command's subject, listed after the receiver's. */
const CLIENT = 'client';
export type ListArea = Area | typeof RECEIVER | typeof CLIENT;
const LIST_AREAS: readonly ListArea[] = [...AREAS, RECEIVER, CLIENT];

export interface ListFilters {
  level?: Level;
  area?: ListArea;
}

export interface RequirementRow {
  id: string;
  level: Level;
  document: string;
  section: string;
  statement: string;
  environments: string[];
  capability: string;
  excluded?: string;
  /** Why its level is what it is, where the catalogue says. */
  levelReason?: string;
  /** Scenarios that declare it (what `run --requirement ID` runs). */
  scenarios: string[];
  /** The areas whose run judges it (`run --only AREA`), or receiver. */
  areas: ListArea[];
}

export interface ScenarioRow {
  id: string;
  area: ListArea;
  title: string;
  requirements: string[];
  needs: string[];
  environments: string[];
}

export interface AreaRow {
  area: ListArea;
  scenarios: number;
  requirements: number;
}

export interface FaultRow {
  name: string;
  kind: 'fault' | 'variation';
  description: string;
  /** The emulator area the fault lives in (variations apply everywhere). */
  emulatorArea?: string;
  breaks: string[];
}

export function parseListKind(value: string | undefined): ListKind {
  if (value === undefined) return 'requirements';
  if (!(LIST_KINDS as readonly string[]).includes(value))
    throw new SetupError(`list: unknown kind '${value}'; kinds are ${LIST_KINDS.join(', ')}`);
  return value as ListKind;
}

export function parseListFilters(options: { level?: string; area?: string }): ListFilters {
  const filters: ListFilters = {};
  if (options.level !== undefined) {
    const level = options.level.toUpperCase();
    if (!(LEVELS as readonly string[]).includes(level))
      throw new SetupError(`--level: unknown level '${options.level}'; levels are ${LEVELS.join(', ')}`);
    filters.level = level as Level;
  }
  if (options.area !== undefined) {
    if (!(LIST_AREAS as readonly string[]).includes(options.area))
      throw new SetupError(`--area: unknown area '${options.area}'; areas are ${LIST_AREAS.join(', ')}`);
    filters.area = options.area as ListArea;
  }
  return filters;
}

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

export function listRequirements(filters: ListFilters): RequirementRow[] {
  const declaring = scenariosDeclaring();
  const judging = areasJudging();
  return [...requirementCatalogue().all(), ...requirementCatalogue(RECEIVER).all(), ...requirementCatalogue(CLIENT).all()]
    .map((requirement) => requirementRow(requirement, declaring.get(requirement.id) ?? [], judging.get(requirement.id) ?? []))
    .filter((row) => !filters.level || row.level === filters.level)
    .filter((row) => !filters.area || row.areas.includes(filters.area));
}

export function listScenarios(filters: ListFilters): ScenarioRow[] {
  const levelOf = new Map(listRequirements({}).map((row) => [row.id, row.level]));
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
  return [...targetRows, ...receiverRows, ...clientRows]
    .filter((row) => !filters.area || row.area === filters.area)
    .filter((row) => !filters.level || row.requirements.some((id) => levelOf.get(id) === filters.level));
}

export function listAreas(filters: ListFilters): AreaRow[] {
  return LIST_AREAS.filter((area) => !filters.area || area === filters.area).map((area) => ({
    area,
    scenarios: listScenarios({ ...filters, area }).length,
    requirements: listRequirements({ ...filters, area }).length,
  }));
}

export interface PerturbationRow {
  name: string;
  requirement: string;
  level: Level;
  /** Other requirements judging what the client did next, with their levels. */
  alsoJudgedBy: { id: string; level: Level }[];
  description: string;
  /** With client --target, through the proxy: how it is made where that differs, or why it cannot be and SKIPs. */
  withTarget?: string;
  /** What a plan may aim it by (--plan NAME:KEY=VALUE…), each with its default; none where it takes none. */
  parameters: Array<{ name: string; default: string }>;
}

/** What each parameter of a plan is when not given. */
const PARAMETER_DEFAULTS: Record<PlanParameter, string> = { op: 'any it bends', call: '1', times: '1' };

/** The client command's perturbations (`client --plan`), each with the requirement that judges what the client did next. */
export function listPerturbations(filters: ListFilters): PerturbationRow[] {
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
  }).filter((row) => !filters.level || row.level === filters.level || row.alsoJudgedBy.some((other) => other.level === filters.level));
}

export function listFaults(filters: ListFilters): FaultRow[] {
  const judged = new Set(listRequirements(filters).map((row) => row.id));
  const faults: FaultRow[] = FAULTS.filter((fault) => (!filters.area && !filters.level) || fault.breaks.some((id) => judged.has(id))).map(
    (fault) => ({ name: fault.name, kind: 'fault', description: fault.description, emulatorArea: fault.area, breaks: [...fault.breaks] }),
  );
  // A tolerated variation breaks nothing, so no level or area selects it.
  const variations: FaultRow[] =
    filters.area || filters.level
      ? []
      : TOLERATED_VARIATIONS.map((variation) => ({
          name: variation.name,
          kind: 'variation',
          description: variation.description,
          breaks: [],
        }));
  return [...faults, ...variations];
}
