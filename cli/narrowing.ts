import type { RequirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import { closestSpelling } from '../contract/catalogue/closestSpelling.ts';
import { AREAS, type Area } from '../harness/engine/scenario.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { type LastFailed, type Narrowing, selectScenarios } from '../run/scenarioSelection.ts';
import { SCENARIOS_BY_AREA } from '../suites/scenarioIndex.ts';
import { narrowedByText } from './commandLineText.ts';
import { parseList, parseShard } from './runValues.ts';

// `run --only AREA,...  --skip AREA|ID  --requirement ID,...  --grep TEXT  --shard i/n  --last-failed`
// made a Narrowing (run/scenarioSelection.ts), once, here: every name checked against the areas and
// the catalogue, each refusal naming its option; run/ selects from the values.

/** The options of `run` that narrow it, as commander hands them over. */
export interface NarrowingOptions {
  only?: string;
  /** Comma-separated requirement ids. */
  requirement?: string;
  grep?: string;
  shard?: string;
  /** Repeatable, each a name or a comma-separated list. */
  skip?: string[];
}

function parseAreas(only: string): Area[] {
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

function parseRequirementIds(text: string, catalogue: RequirementCatalogue): string[] {
  const ids = text
    .split(',')
    .map((id) => id.trim().toUpperCase())
    .filter(Boolean);
  if (ids.length === 0) throw new SetupError('--requirement needs at least one requirement id (see `list requirements`)');
  const declared = new Set(AREAS.flatMap((area) => SCENARIOS_BY_AREA[area]).flatMap((scenario) => scenario.requirements));
  for (const id of ids) {
    if (!catalogue.has(id))
      throw new SetupError(`--requirement: unknown requirement id ${id} (see \`banking-api-conformance list requirements\`)`);
    const excluded = catalogue.get(id).excluded;
    if (!declared.has(id)) throw new SetupError(`--requirement: no scenario judges ${id}${excluded ? ` (excluded: ${excluded})` : ''}`);
  }
  return [...new Set(ids)];
}

/** Each name an area (lower-case) or a requirement id (upper-case), in the order given. */
function parseSkip(texts: readonly string[], catalogue: RequirementCatalogue): string[] {
  return parseList(texts, '--skip', 'an area or a requirement id').map((name) => {
    if ((AREAS as readonly string[]).includes(name.toLowerCase())) return name.toLowerCase();
    if (catalogue.has(name.toUpperCase())) return name.toUpperCase();
    const closest = closestSpelling(name, [...AREAS, ...catalogue.all().map((requirement) => requirement.id)]);
    throw new SetupError(
      `--skip: '${name}' is neither an area nor a requirement id${closest ? ` (did you mean ${closest}?)` : ''}; \`banking-api-conformance list areas\` and \`list requirements\` show them`,
    );
  });
}

/** The run's narrowing; one that leaves no scenario to run is refused, saying how it was narrowed. */
export function narrowingOf(options: NarrowingOptions, catalogue: RequirementCatalogue, lastFailed?: LastFailed): Narrowing {
  if (options.grep !== undefined && !options.grep.trim())
    throw new SetupError('--grep needs some text to look for in scenario ids and titles');
  const narrowing: Narrowing = {
    ...(options.only !== undefined ? { areas: parseAreas(options.only) } : {}),
    ...(options.shard ? { shard: parseShard(options.shard) } : {}),
    ...(options.skip ? { skip: parseSkip(options.skip, catalogue) } : {}),
    ...(options.requirement !== undefined ? { requirements: parseRequirementIds(options.requirement, catalogue) } : {}),
    ...(options.grep !== undefined ? { grep: options.grep } : {}),
    ...(lastFailed ? { lastFailed } : {}),
  };
  if (selectScenarios(narrowing).scenarios.length === 0) {
    const { lastFailed: failed, ...told } = narrowing;
    const text = narrowedByText({ ...told, ...(failed ? { lastFailed: true } : {}) }).join(' ');
    throw new SetupError(`no scenario matches ${text} (see \`banking-api-conformance list scenarios\`)`);
  }
  return narrowing;
}
