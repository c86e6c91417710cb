import {
  areaRows,
  faultRows,
  parseListFilters,
  parseListKind,
  perturbationRows,
  requirementRows,
  scenarioRows,
  type AreaRow,
  type FaultRow,
  type ListingData,
  type PerturbationRow,
  type ListKind,
  type RequirementRow,
  type ScenarioRow,
} from './listingRows.ts';
import { builtListing } from './builtListing.ts';

// `banking-api-conformance list [requirements|scenarios|areas|faults|perturbations] [--level L] [--area X] [--json]`:
// one line per entry for people (grep-able, never cut), or a JSON array for scripts.

export interface ListOptions {
  level?: string;
  area?: string;
  json?: boolean;
}

const requirementLine = (row: RequirementRow) =>
  `${row.id.padEnd(36)} ${row.level.padEnd(7)} ${`${row.document} §${row.section}`.padEnd(22)} ${row.statement}${row.levelReason ? ` (level: ${row.levelReason})` : ''}${row.excluded ? ` (excluded: ${row.excluded})` : ''}`;

function scenarioLine(row: ScenarioRow): string {
  const limits = [
    row.needs.length > 0 ? `needs ${row.needs.join(', ')}` : '',
    row.environments.length === 1 ? `${row.environments[0]} only` : '',
  ].filter(Boolean);
  return `${row.id}  ${row.title}  [${row.requirements.join(', ')}]${limits.length ? `  (${limits.join('; ')})` : ''}`;
}

const areaLine = (row: AreaRow) =>
  `${row.area.padEnd(14)} ${String(row.scenarios).padStart(4)} scenarios ${String(row.requirements).padStart(4)} requirements`;

const faultLine = (row: FaultRow) =>
  row.kind === 'fault'
    ? `fault      ${row.name.padEnd(44)} ${(row.emulatorArea ?? '').padEnd(12)} breaks ${row.breaks.join(', ')}: ${row.description}`
    : `variation  ${row.name.padEnd(44)} ${'(any)'.padEnd(12)} breaks nothing: ${row.description}`;

const perturbationLine = (row: PerturbationRow) =>
  `${row.name.padEnd(24)} ${row.requirement.padEnd(32)} ${row.level.padEnd(7)} ${row.description}` +
  row.alsoJudgedBy.map((other) => `; also judged by ${other.id} (${other.level})`).join('') +
  (row.withTarget ? `; with client --target: ${row.withTarget}` : '') +
  (row.parameters.length > 0
    ? `; aimed by ${row.parameters.map((parameter) => `${parameter.name} (default ${parameter.default})`).join(', ')}: --plan ${row.name}:${row.parameters.map((parameter) => `${parameter.name}=…`).join(',')}`
    : '');

function rowsOf(kind: ListKind, data: ListingData, options: ListOptions): { rows: unknown[]; lines: string[]; noun: string } {
  const filters = parseListFilters(options);
  switch (kind) {
    case 'requirements': {
      const rows = requirementRows(data, filters);
      return { rows, lines: rows.map(requirementLine), noun: 'requirement(s)' };
    }
    case 'scenarios': {
      const rows = scenarioRows(data, filters);
      return { rows, lines: rows.map(scenarioLine), noun: 'scenario(s)' };
    }
    case 'areas': {
      const rows = areaRows(data, filters);
      return { rows, lines: rows.map(areaLine), noun: 'area(s)' };
    }
    case 'faults': {
      const rows = faultRows(data, filters);
      return { rows, lines: rows.map(faultLine), noun: 'fault(s) and variation(s)' };
    }
    case 'perturbations': {
      const rows = perturbationRows(data, filters);
      return { rows, lines: rows.map(perturbationLine), noun: 'perturbation(s) of client --plan' };
    }
  }
}

export async function listCommand(kindArgument: string | undefined, options: ListOptions, write: (text: string) => void): Promise<number> {
  const kind = parseListKind(kindArgument);
  // The package's build wrote the rows (cli/builtListing.ts); a clone gathers them from their modules.
  const data = builtListing() ?? (await import('./catalogueListing.ts')).listingData();
  const { rows, lines, noun } = rowsOf(kind, data, options);
  if (options.json) {
    write(JSON.stringify(rows, null, 2));
  } else {
    for (const line of lines) write(line);
    write(`${rows.length} ${noun}`);
  }
  return 0;
}
