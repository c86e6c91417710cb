import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The project's layers, bottom first: each folder with the folders it may import, all of them
// below it. `harness` in a list stands for every harness/ layer. test/tree/moduleLayers.test.ts
// holds the tree to it, docs/architecture.md shows it (the same test holds the page to it), and
// bench/ measures the import graph by it.

export type LayerTable = ReadonlyArray<readonly [folder: string, mayImport: readonly string[]]>;

export const LAYERS: LayerTable = [
  // What the two documents say, in one layer of two rooms: their facts written once (scopes, media types,
  // limits, control routes), and the tables derived from them (operations, schemas, the requirement catalogue).
  ['contract/facts', []],
  ['schemas', []],
  ['requirements', []],
  ['targets', []],
  ['docs', []],
  // A copyable reference receiver: it stands alone.
  ['examples', []],
  ['contract/catalogue', ['contract/facts', 'schemas']],
  // Check records, their redaction, the exchange journal, the run's counters, and SetupError (nothing judged: exit 2).
  ['harness/records', ['contract', 'schemas']],
  // Target I/O: the API and control clients, the session, tokens, the webhook sink, pacing.
  ['harness/targetIO', ['contract', 'schemas', 'harness/records']],
  // Scenarios, the scheduler, the engine (engine.ts) and the events it emits: it knows no subject.
  ['harness/engine', ['contract', 'schemas', 'harness/records', 'harness/targetIO']],
  // The target as the engine's subject, a peer of receiver/ and client/: its scenarios against one target session.
  // Below the vitest face, which runs it.
  ['target', ['contract', 'schemas', 'harness/records', 'harness/targetIO', 'harness/engine']],
  // The engine's vitest face, for `npx vitest --project conformance` only: no command loads it (test/run/commandPaths.test.ts).
  ['harness/vitestFace', ['contract', 'schemas', 'harness/records', 'harness/targetIO', 'harness/engine', 'target']],
  ['fixtures', ['contract', 'schemas', 'harness']],
  ['openapi', ['contract', 'schemas', 'harness']],
  // A product of its own: it shares only the documents' facts and serves the derived OpenAPI document.
  ['emulator', ['contract', 'schemas', 'openapi']],
  ['suites', ['contract', 'schemas', 'harness']],
  ['container', ['contract', 'harness']],
  // The verdict model: the results document, requirement verdicts, judgement, expected failures, certificates,
  // merge, comparison, the catalogue hash. Every subject's run (run/, receiver/, client/) judges through it, and
  // the faces (report/, action/) read only it, never the pipeline.
  ['verdict', ['contract', 'schemas', 'harness', 'container']],
  // The pipeline: never a reporter, never cli/.
  ['run', ['contract', 'schemas', 'harness', 'target', 'suites', 'emulator', 'container', 'verdict']],
  ['report', ['contract', 'schemas', 'harness', 'container', 'verdict']],
  // Judges a webhook receiver with the embedded emulator as the sandbox, through verdict/'s judgement.
  ['receiver', ['contract', 'schemas', 'harness', 'emulator', 'verdict']],
  // Judges an integrator's API client by the requests it makes to the embedded emulator, through verdict/'s judgement;
  // the webhooks it creates through receiver/'s cases.
  ['client', ['contract', 'schemas', 'harness', 'emulator', 'verdict', 'receiver']],
  // The GitHub Action's report step, reading a run's report directory.
  ['action', ['contract', 'schemas', 'harness', 'verdict', 'report']],
  [
    'cli',
    ['contract', 'schemas', 'harness', 'openapi', 'emulator', 'suites', 'container', 'verdict', 'run', 'report', 'receiver', 'client'],
  ],
  ['bin', ['cli', 'emulator']],
  [
    'test',
    [
      'contract',
      'schemas',
      'requirements',
      'targets',
      'examples',
      'harness',
      'target',
      'fixtures',
      'openapi',
      'emulator',
      'suites',
      'container',
      'verdict',
      'run',
      'receiver',
      'client',
      'report',
      'action',
      'cli',
      'bin',
    ],
  ],
  [
    'bench',
    [
      'contract',
      'schemas',
      'harness',
      'fixtures',
      'openapi',
      'emulator',
      'suites',
      'container',
      'verdict',
      'run',
      'receiver',
      'report',
      'cli',
      'test',
    ],
  ],
];

/** The layer a path lies in: the longest folder of the table that holds it; undefined for none. */
export function layerOf(path: string, table: LayerTable = LAYERS): string | undefined {
  const holding = table.map(([folder]) => folder).filter((folder) => path === folder || path.startsWith(`${folder}/`));
  return holding.sort((a, b) => b.length - a.length)[0];
}

/** The folders a list names, `harness` standing for each of its layers. */
export function expandAllowed(allowed: readonly string[], table: LayerTable = LAYERS): string[] {
  return allowed.flatMap((name) => {
    const inside = table.map(([folder]) => folder).filter((folder) => folder.startsWith(`${name}/`));
    return inside.length > 0 ? inside : [name];
  });
}

/** The table as docs/architecture.md shows it. */
export function layerTableMarkdown(table: LayerTable = LAYERS): string {
  const rows = table.map(([folder, allowed]) => `| \`${folder}/\` | ${allowed.length === 0 ? 'nothing' : allowed.join(', ')} |`);
  return ['| folder | may import |', '| --- | --- |', ...rows].join('\n');
}

/** Where a checkout writes its table: here, or (before issue 34) in the layer test itself, where it was then (test/run/). */
const TABLE_FILES = ['test/support/layerTable.ts', 'test/run/moduleLayers.test.ts'];

/** The `LAYERS` literal of a source: an array of [folder, [folders it may import]] in single-quoted strings. */
export function parseLayerTable(source: string): LayerTable {
  const declaration = /\bconst LAYERS\b[^=]*=\s*\[/.exec(source);
  if (!declaration) throw new Error('no `const LAYERS = [...]` in the source');
  const start = declaration.index + declaration[0].length - 1;
  let depth = 0;
  let end = start;
  for (; end < source.length; end += 1) {
    if (source[end] === '[') depth += 1;
    if (source[end] === ']' && --depth === 0) break;
  }
  const json = source
    .slice(start, end + 1)
    .replace(/\/\/[^\n]*/g, '')
    .replace(/'([^']*)'/g, '"$1"')
    .replace(/,(\s*\])/g, '$1');
  const table = JSON.parse(json) as unknown;
  const isRow = (row: unknown): row is [string, string[]] =>
    Array.isArray(row) && typeof row[0] === 'string' && Array.isArray(row[1]) && row[1].every((name) => typeof name === 'string');
  if (!Array.isArray(table) || !table.every(isRow)) throw new Error('LAYERS is not a list of [folder, [folders]]');
  return table;
}

/** The table of another checkout (the bench's reference commit), read from its text since its modules are not ours to import. */
export function readLayerTable(root: string): LayerTable {
  for (const file of TABLE_FILES.filter((name) => existsSync(join(root, name)))) {
    const source = readFileSync(join(root, file), 'utf8');
    if (/\bconst LAYERS\b/.test(source)) return parseLayerTable(source);
  }
  throw new Error(`no layer table in ${TABLE_FILES.join(' or ')}`);
}
