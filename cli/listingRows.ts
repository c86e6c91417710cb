import { AREAS, type Area } from '../harness/engine/areas.ts';
import { LEVELS, type Level } from '../contract/facts/requirementLevels.ts';
import { SetupError } from '../harness/records/setupError.ts';

// What `list` shows, selected the way `run` selects, from the listing's data (every row, unfiltered:
// cli/catalogueListing.ts gathers it). "--area X" means what `run --only X` judges: the scenarios of X,
// the requirements they declare or check on the way, and the faults that break one of those.
// "receiver" and "client" are the other subjects (the RC requirements and the cases of the `receiver`
// command; the CL requirements and the items of the `client` command). Apart from the data, and
// loading none of it, so that the package's `list` can select from the rows its build wrote.

export const LIST_KINDS = ['requirements', 'scenarios', 'areas', 'faults', 'perturbations'] as const;
export type ListKind = (typeof LIST_KINDS)[number];

/** The `receiver` command's subject, listed beside the target's areas. */
export const RECEIVER = 'receiver';
/** The `client` command's subject, listed after the receiver's. */
export const CLIENT = 'client';
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

/** Every row `list` can show, before any filter: plain data, as JSON keeps it. */
export interface ListingData {
  /** The target's, then the receiver's, then the client's requirements, in catalogue order. */
  requirements: RequirementRow[];
  /** The target's scenarios, then the receiver's cases, then the client's items. */
  scenarios: ScenarioRow[];
  /** The emulator's seeded faults, then its tolerated variations. */
  faults: FaultRow[];
  perturbations: PerturbationRow[];
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

export const requirementRows = (data: ListingData, filters: ListFilters): RequirementRow[] =>
  data.requirements
    .filter((row) => !filters.level || row.level === filters.level)
    .filter((row) => !filters.area || row.areas.includes(filters.area));

export function scenarioRows(data: ListingData, filters: ListFilters): ScenarioRow[] {
  const levelOf = new Map(data.requirements.map((row) => [row.id, row.level]));
  return data.scenarios
    .filter((row) => !filters.area || row.area === filters.area)
    .filter((row) => !filters.level || row.requirements.some((id) => levelOf.get(id) === filters.level));
}

export const areaRows = (data: ListingData, filters: ListFilters): AreaRow[] =>
  LIST_AREAS.filter((area) => !filters.area || area === filters.area).map((area) => ({
    area,
    scenarios: scenarioRows(data, { ...filters, area }).length,
    requirements: requirementRows(data, { ...filters, area }).length,
  }));

export const perturbationRows = (data: ListingData, filters: ListFilters): PerturbationRow[] =>
  data.perturbations.filter(
    (row) => !filters.level || row.level === filters.level || row.alsoJudgedBy.some((other) => other.level === filters.level),
  );

export function faultRows(data: ListingData, filters: ListFilters): FaultRow[] {
  const judged = new Set(requirementRows(data, filters).map((row) => row.id));
  const filtered = Boolean(filters.area || filters.level);
  // A tolerated variation breaks nothing, so no level or area selects it.
  return data.faults.filter((row) => (row.kind === 'fault' ? !filtered || row.breaks.some((id) => judged.has(id)) : !filtered));
}
