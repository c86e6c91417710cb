import type { ShardInfo } from './resultsDocument.ts';
import { CLIENT_REQUIREMENTS } from '../harness/documents/operationCatalogue.ts';
import { requirementCatalogue, type RequirementCatalogue } from '../harness/documents/requirementCatalogue.ts';
import { AREAS, type Area, type Scenario } from '../harness/engine/scenario.ts';
import { SetupError } from '../harness/target/targetManifest.ts';
import { closestSpelling } from '../harness/documents/closestSpelling.ts';
import { formatShard, scenariosOfShard } from './scenarioShard.ts';
import { SCENARIOS_BY_AREA } from '../suites/scenarioIndex.ts';

// Which scenarios a run executes and which requirements it judges, from
// --only AREA,...  --skip AREA|ID  --requirement ID,...  --grep TEXT  --shard i/n  --last-failed. Every option
// narrows the run; a narrowed run is partial, and says so wherever its verdict is shown.

export interface SelectionOptions {
  only?: string;
  /** Comma-separated requirement ids: run the scenarios that judge them, judge only them. */
  requirement?: string;
  /** A scenario's exact id, else text in scenario ids and titles (case-insensitive). */
  grep?: string;
  shard?: ShardInfo;
  /** Areas and requirement ids left out: the opposite of --only and --requirement. */
  skip?: readonly string[];
  /** The requirements an earlier run failed (cli/lastFailed.ts reads them from its results.json). */
  lastFailed?: LastFailed;
}

/** What failed or was UNTESTABLE in an earlier run: its requirements, and the scenarios that recorded them. */
export interface LastFailed {
  requirements: readonly string[];
  scenarios: readonly string[];
}

export interface Selection {
  /** Areas that have a selected scenario, in suite order (each is one vitest file). */
  areas: Area[];
  scenarios: Scenario[];
  /** Requirement ids the run judges; the rest are "not selected in this run". */
  requirements: Set<string>;
  /** Set by --requirement and --last-failed: records of other requirements are left out of the judgement. */
  onlyRequirements?: ReadonlySet<string>;
  /** Set by --skip ID: records of these requirements are left out of the judgement. */
  skippedRequirements?: ReadonlySet<string>;
  /** How the run was narrowed (`--only auth`, `--grep "cancel"`), empty for the whole suite. */
  narrowedBy: string[];
}

function parseAreas(only: string | undefined): Area[] {
  if (only === undefined) return [...AREAS];
  const chosen = only
    .split(',')
    .map((area) => area.trim())
    .filter(Boolean);
  // An empty --only (an unset CI variable) must not quietly mean "everything".
  if (chosen.length === 0) throw new SetupError(`--only needs at least one area: ${AREAS.join(', ')}`);
  const unknown = chosen.filter((area) => !(AREAS as readonly string[]).includes(area));
  if (unknown.length > 0) throw new SetupError(`--only: unknown area ${unknown.join(', ')}; areas are ${AREAS.join(', ')}`);
  return chosen as Area[];
}

function parseRequirementIds(text: string, catalogue: RequirementCatalogue, declared: ReadonlySet<string>): Set<string> {
  const ids = text
    .split(',')
    .map((id) => id.trim().toUpperCase())
    .filter(Boolean);
  if (ids.length === 0) throw new SetupError('--requirement needs at least one requirement id (see `list requirements`)');
  for (const id of ids) {
    if (!catalogue.has(id))
      throw new SetupError(`--requirement: unknown requirement id ${id} (see \`banking-api-conformance list requirements\`)`);
    const excluded = catalogue.get(id).excluded;
    if (!declared.has(id)) throw new SetupError(`--requirement: no scenario judges ${id}${excluded ? ` (excluded: ${excluded})` : ''}`);
  }
  return new Set(ids);
}

/**
 * The response shapes each area's scenarios check on the way, through the operations they
 * call (an auth scenario creates a rule, whose answer is held to PP-RULE-RESOURCE-SHAPE). A run
 * judges what its checks recorded, so these are judged by `run --only AREA` too; which calls a
 * scenario makes is known only by running it, and test/cli/areaListing.test.ts holds this table
 * to what a run of every scenario records.
 */
const SHAPES_CHECKED_ON_THE_WAY: Record<Area, readonly string[]> = {
  'positive-pay': ['EV-LIST-SHAPE', 'PP-LIST-SHAPE', 'PP-RULE-RESOURCE-SHAPE'],
  auth: ['EV-LIST-SHAPE', 'PP-LIST-SHAPE', 'PP-RULE-RESOURCE-SHAPE', 'WH-LIST-SHAPE', 'WH-RESOURCE-SHAPE'],
  conventions: ['PP-LIST-SHAPE', 'PP-RULE-RESOURCE-SHAPE'],
  webhooks: ['WH-LIST-SHAPE', 'WH-RESOURCE-SHAPE'],
  delivery: ['EV-RESOURCE-SHAPE', 'WH-RESOURCE-SHAPE'],
  events: ['EV-LIST-SHAPE', 'EV-RESOURCE-SHAPE', 'PP-RULE-RESOURCE-SHAPE', 'WH-RESOURCE-SHAPE'],
  sandbox: ['EV-LIST-SHAPE'],
  decisioning: ['EV-LIST-SHAPE', 'PP-RULE-RESOURCE-SHAPE'],
};

interface Skipped {
  areas: ReadonlySet<string>;
  requirements: ReadonlySet<string>;
}

function parseSkip(names: readonly string[], catalogue: RequirementCatalogue): Skipped {
  const areas = new Set<string>();
  const requirements = new Set<string>();
  for (const name of names) {
    if ((AREAS as readonly string[]).includes(name.toLowerCase())) areas.add(name.toLowerCase());
    else if (catalogue.has(name.toUpperCase())) requirements.add(name.toUpperCase());
    else {
      const closest = closestSpelling(name, [...AREAS, ...catalogue.all().map((requirement) => requirement.id)]);
      throw new SetupError(
        `--skip: '${name}' is neither an area nor a requirement id${closest ? ` (did you mean ${closest}?)` : ''}; \`banking-api-conformance list areas\` and \`list requirements\` show them`,
      );
    }
  }
  return { areas, requirements };
}

const matchesText = (scenario: Scenario, text: string) =>
  scenario.id.toLowerCase().includes(text) || scenario.title.toLowerCase().includes(text);

export function selectScenarios(options: SelectionOptions, catalogue: RequirementCatalogue): Selection {
  const areas = parseAreas(options.only);
  const everyScenario = AREAS.flatMap((area) => SCENARIOS_BY_AREA[area]);
  let scenarios = areas.flatMap((area) => scenariosOfShard(area, SCENARIOS_BY_AREA[area], options.shard));
  const narrowedBy: string[] = [];
  if (options.only) narrowedBy.push(`--only ${areas.join(',')}`);
  if (options.shard) narrowedBy.push(`--shard ${formatShard(options.shard)}`);
  const skipped = options.skip?.length ? parseSkip(options.skip, catalogue) : undefined;
  if (skipped && options.skip) {
    // A scenario stays while it judges a requirement that is not skipped.
    scenarios = scenarios.filter(
      (scenario) => !skipped.areas.has(scenario.area) && !scenario.requirements.every((id) => skipped.requirements.has(id)),
    );
    narrowedBy.push(`--skip ${options.skip.join(',')}`);
  }

  let onlyRequirements: Set<string> | undefined;
  if (options.requirement !== undefined) {
    onlyRequirements = parseRequirementIds(
      options.requirement,
      catalogue,
      new Set(everyScenario.flatMap((scenario) => scenario.requirements)),
    );
    const wanted = onlyRequirements;
    scenarios = scenarios.filter((scenario) => scenario.requirements.some((id) => wanted.has(id)));
    narrowedBy.push(`--requirement ${[...wanted].join(',')}`);
  }
  if (options.grep !== undefined) {
    const text = options.grep.trim().toLowerCase();
    if (!text) throw new SetupError('--grep needs some text to look for in scenario ids and titles');
    // An exact id selects that scenario alone, so a replay command runs nothing else.
    const exact = scenarios.filter((scenario) => scenario.id === options.grep?.trim());
    scenarios = exact.length > 0 ? exact : scenarios.filter((scenario) => matchesText(scenario, text));
    narrowedBy.push(`--grep ${JSON.stringify(options.grep)}`);
  }
  if (options.lastFailed) {
    const failed = new Set(options.lastFailed.requirements);
    const recorded = new Set(options.lastFailed.scenarios);
    scenarios = scenarios.filter((scenario) => recorded.has(scenario.id) || scenario.requirements.some((id) => failed.has(id)));
    const wanted = onlyRequirements;
    onlyRequirements = wanted ? new Set([...failed].filter((id) => wanted.has(id))) : failed;
    narrowedBy.push('--last-failed');
  }
  if (scenarios.length === 0) {
    throw new SetupError(`no scenario matches ${narrowedBy.join(' ')} (see \`banking-api-conformance list scenarios\`)`);
  }
  // Response-shape requirements count as selected only through a scenario that declares them.
  const requirements = onlyRequirements
    ? new Set(onlyRequirements)
    : new Set([...scenarios.flatMap((scenario) => scenario.requirements), ...Object.values(CLIENT_REQUIREMENTS)]);
  for (const id of skipped?.requirements ?? []) requirements.delete(id);
  const chosen = new Set(scenarios.map((scenario) => scenario.area));
  return {
    areas: AREAS.filter((area) => chosen.has(area)),
    scenarios,
    requirements,
    ...(onlyRequirements ? { onlyRequirements } : {}),
    ...(skipped?.requirements.size ? { skippedRequirements: skipped.requirements } : {}),
    narrowedBy: scenarios.length < everyScenario.length || onlyRequirements || skipped?.requirements.size ? narrowedBy : [],
  };
}

/**
 * What `run --only AREA` judges where every scenario applies (the embedded emulator): what the
 * selection declares, and the shapes its calls check on the way. `list --area AREA` shows this.
 */
export function requirementsJudgedByArea(area: Area): string[] {
  const selection = selectScenarios({ only: area }, requirementCatalogue());
  return [...new Set([...selection.requirements, ...SHAPES_CHECKED_ON_THE_WAY[area]])].sort();
}
