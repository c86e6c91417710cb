import type { ShardInfo } from '../verdict/resultsDocument.ts';
import { CLIENT_REQUIREMENTS } from '../contract/catalogue/operationCatalogue.ts';
import { AREAS, type Area, type Scenario } from '../harness/engine/scenario.ts';
import { scenariosOfShard } from './scenarioShard.ts';
import { SCENARIOS_BY_AREA, SHAPES_CHECKED_ON_THE_WAY } from '../suites/scenarioIndex.ts';

// Which scenarios a run executes and which requirements it judges, from a Narrowing: values that
// cli/narrowing.ts parsed from the command line and checked against the catalogue. Every field
// narrows the run; a narrowed run is partial, and says so wherever its verdict is shown.

/** How a run is narrowed, as values: each field checked already (known areas and ids, a shard i/n). */
export interface Narrowing {
  /** Only these areas' scenarios. */
  areas?: readonly Area[];
  /** The scenarios that judge these requirement ids (each judged by some scenario); only they are judged. */
  requirements?: readonly string[];
  /** A scenario's exact id, else text in scenario ids and titles (case-insensitive); never empty. */
  grep?: string;
  shard?: ShardInfo;
  /** Areas (lower-case) and requirement ids (upper-case) left out: the opposite of areas and requirements. */
  skip?: readonly string[];
  /** The requirements an earlier run failed (cli/lastFailed.ts reads them from its results.json). */
  lastFailed?: LastFailed;
}

/** What failed or was UNTESTABLE in an earlier run: its requirements, and the scenarios that recorded them. */
export interface LastFailed {
  requirements: readonly string[];
  scenarios: readonly string[];
}

/** How a run was narrowed, as its results tell it: the earlier run's failures only named, and a stop after a failure. */
export interface NarrowedBy extends Omit<Narrowing, 'lastFailed'> {
  lastFailed?: true;
  failFast?: true;
}

/** The words that tell a reader how a run was narrowed (cli/commandLineText.ts: as the command line gives it). */
export type NarrowingText = (narrowedBy: NarrowedBy) => string[];

export interface Selection {
  /** Areas that have a selected scenario, in suite order. */
  areas: Area[];
  scenarios: Scenario[];
  /** Requirement ids the run judges; the rest are "not selected in this run". */
  requirements: Set<string>;
  /** Set by requirements and lastFailed: records of other requirements are left out of the judgement. */
  onlyRequirements?: ReadonlySet<string>;
  /** Set by a skipped requirement id: records of these requirements are left out of the judgement. */
  skippedRequirements?: ReadonlySet<string>;
  /** How the run was narrowed; absent for the whole suite. */
  narrowedBy?: NarrowedBy;
}

const matchesText = (scenario: Scenario, text: string) =>
  scenario.id.toLowerCase().includes(text) || scenario.title.toLowerCase().includes(text);

/** The scenarios and requirements of a narrowing; no scenario at all is the caller's to refuse (cli/narrowing.ts). */
export function selectScenarios(narrowing: Narrowing): Selection {
  const areas = narrowing.areas ?? AREAS;
  const everyScenario = AREAS.flatMap((area) => SCENARIOS_BY_AREA[area]);
  let scenarios = areas.flatMap((area) => scenariosOfShard(area, SCENARIOS_BY_AREA[area], narrowing.shard));
  const skippedAreas = new Set<string>(narrowing.skip?.filter((name) => (AREAS as readonly string[]).includes(name)));
  const skippedRequirements = new Set(narrowing.skip?.filter((name) => !skippedAreas.has(name)));
  // A scenario stays while it judges a requirement that is not skipped.
  scenarios = scenarios.filter(
    (scenario) => !skippedAreas.has(scenario.area) && !scenario.requirements.every((id) => skippedRequirements.has(id)),
  );
  let onlyRequirements: Set<string> | undefined;
  if (narrowing.requirements) {
    const wanted = new Set(narrowing.requirements);
    onlyRequirements = wanted;
    scenarios = scenarios.filter((scenario) => scenario.requirements.some((id) => wanted.has(id)));
  }
  if (narrowing.grep !== undefined) {
    const text = narrowing.grep.trim().toLowerCase();
    // An exact id selects that scenario alone, so a replay command runs nothing else.
    const exact = scenarios.filter((scenario) => scenario.id === narrowing.grep?.trim());
    scenarios = exact.length > 0 ? exact : scenarios.filter((scenario) => matchesText(scenario, text));
  }
  if (narrowing.lastFailed) {
    const failed = new Set(narrowing.lastFailed.requirements);
    const recorded = new Set(narrowing.lastFailed.scenarios);
    scenarios = scenarios.filter((scenario) => recorded.has(scenario.id) || scenario.requirements.some((id) => failed.has(id)));
    const wanted = onlyRequirements;
    onlyRequirements = wanted ? new Set([...failed].filter((id) => wanted.has(id))) : failed;
  }
  // Response-shape requirements count as selected only through a scenario that declares them.
  const requirements = onlyRequirements
    ? new Set(onlyRequirements)
    : new Set([...scenarios.flatMap((scenario) => scenario.requirements), ...Object.values(CLIENT_REQUIREMENTS)]);
  for (const id of skippedRequirements) requirements.delete(id);
  const chosen = new Set(scenarios.map((scenario) => scenario.area));
  const { lastFailed, ...narrowedBy } = narrowing;
  const narrowed = scenarios.length < everyScenario.length || onlyRequirements || skippedRequirements.size > 0;
  return {
    areas: AREAS.filter((area) => chosen.has(area)),
    scenarios,
    requirements,
    ...(onlyRequirements ? { onlyRequirements } : {}),
    ...(skippedRequirements.size > 0 ? { skippedRequirements } : {}),
    ...(narrowed ? { narrowedBy: { ...narrowedBy, ...(lastFailed ? { lastFailed: true } : {}) } } : {}),
  };
}

/**
 * What `run --only AREA` judges where every scenario applies (the embedded emulator): what the
 * selection declares, and the shapes its calls check on the way (the area's own list, its
 * AreaSuite). `list --area AREA` shows this.
 */
export function requirementsJudgedByArea(area: Area): string[] {
  const selection = selectScenarios({ areas: [area] });
  return [...new Set([...selection.requirements, ...SHAPES_CHECKED_ON_THE_WAY[area]])].sort();
}
