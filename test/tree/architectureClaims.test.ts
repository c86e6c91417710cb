import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import MarkdownIt from 'markdown-it';
import ts from 'typescript';
import { expect, test } from 'vitest';
import { AREAS, type AreaSuite } from '../../harness/engine/scenario.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { relativeImports } from '../support/importGraph.ts';
import { LAYERS } from '../support/layerTable.ts';
import { fencedBlocks } from './markdownBlocks.ts';

// docs/architecture.md is what a newcomer reads first, so each kind of claim it makes is held
// here by reading the page as it is, not a copy of it: every path it names into the tree is
// there; each arrow of a flow between two named modules is a path of imports in the code; and
// "Where a new piece goes" names, for an area, a subject and a face, the one place each goes.
// The layer table is held by test/tree/moduleLayers.test.ts; that no command loads vitest, by
// test/run/commandPaths.test.ts.

const PAGE = 'docs/architecture.md';
const page = readFileSync(join(PROJECT_ROOT, PAGE), 'utf8');

// What git knows (tracked, or new and not ignored), there on disk: reports/ and the like are output.
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: PROJECT_ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((path) => path !== '' && !path.split('/').includes('node_modules') && existsSync(join(PROJECT_ROOT, path)));
const folders = new Set(
  files.flatMap((path) =>
    path
      .split('/')
      .slice(0, -1)
      .map((_, index, parts) => parts.slice(0, index + 1).join('/')),
  ),
);
const MODULE = /\.(?:[cm]?ts|[cm]?js)$/;
const productModules = files.filter((path) => MODULE.test(path) && !path.endsWith('.d.ts') && !/^(test|bench)\//.test(path));

/** The tree's top folders: a path the page names that starts elsewhere (allure-results/, DIR/) is output or an example. */
const TREE_ROOTS = new Set(LAYERS.map(([folder]) => folder.split('/')[0]));

// A path: folders and a name, `<area>`-like placeholders and `*` standing for any name. Not preceded
// by a path character, so `../shared/spec/` is read whole and never as `contract/facts/`.
const PATH = /(?<![\w./<>*-])((?:\.\.\/)*(?:[\w.<>*-]+\/)+[\w.<>*-]*)/g;
const BARE_MODULE = /(?<![\w./<>*-])([A-Za-z][\w-]*\.(?:[cm]?ts|[cm]?js))(?![\w/])/g;

const isNamedPath = (path: string): boolean => path.startsWith('../') || TREE_ROOTS.has(path.split('/')[0]!);
const trimmed = (path: string): string => path.replace(/\.+$/, '');

/** Whether a path of the page is in the tree: a file or a folder, a placeholder matching at least one. */
function exists(path: string): boolean {
  if (path.startsWith('../')) return existsSync(join(PROJECT_ROOT, path));
  const bare = path.replace(/\/$/, '');
  if (!/[<*]/.test(bare)) return files.includes(bare) || folders.has(bare);
  const pattern = new RegExp(`^${bare.replace(/[.]/g, '\\.').replace(/<[^>]+>|\*/g, '[^/]+')}$`);
  return [...files, ...folders].some((candidate) => pattern.test(candidate));
}

/** The module a bare name (`targetSubject.ts`) stands for: the only one of that name, else the one beside the path named before it. */
function resolveBare(name: string, namedBefore: string | undefined): string | undefined {
  const candidates = productModules.filter((path) => basename(path) === name);
  if (candidates.length <= 1) return candidates[0];
  return candidates.find((path) => namedBefore !== undefined && dirname(path) === dirname(namedBefore));
}

/** The modules a text names, in order: paths into the tree, and bare names resolved. */
function modulesNamed(text: string, namedBefore: string | undefined): string[] {
  const found: Array<{ at: number; module: string | undefined }> = [
    ...[...text.matchAll(PATH)].map((match) => ({ at: match.index, module: trimmed(match[1]!) })),
    ...[...text.matchAll(BARE_MODULE)].map((match) => ({ at: match.index, module: match[1] })),
  ].sort((a, b) => a.at - b.at);
  const modules: string[] = [];
  for (const { module } of found) {
    if (module === undefined) continue;
    const resolved = module.includes('/') ? module : resolveBare(module, modules.at(-1) ?? namedBefore);
    if (resolved && productModules.includes(resolved)) modules.push(resolved);
  }
  return modules;
}

// The import graph of the product, dynamic imports included.
const importsOf = new Map(productModules.map((file) => [file, relativeImports(file, readFileSync(join(PROJECT_ROOT, file), 'utf8'))]));
const reachCache = new Map<string, Set<string>>();
function reachable(from: string): Set<string> {
  const cached = reachCache.get(from);
  if (cached) return cached;
  const seen = new Set<string>();
  const queue = [from];
  for (const file of queue) {
    for (const next of importsOf.get(file) ?? []) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  reachCache.set(from, seen);
  return seen;
}

/**
 * A flow as the page writes it: a line starting with `→` is a step, indented under the step it
 * follows from; any other line goes on the one above it.
 */
interface Step {
  indent: number;
  text: string;
}

function stepsOf(flow: string): Step[] {
  const steps: Step[] = [];
  for (const line of flow.split('\n')) {
    const text = line.trimStart();
    if (text === '') continue;
    if (steps.length === 0 || text.startsWith('→')) steps.push({ indent: line.length - text.length, text });
    else steps.at(-1)!.text += ` ${text}`;
  }
  return steps;
}

/**
 * Each arrow of a flow whose two sides name a module: `to` the first module named after it (before
 * the next arrow), `from` the last named before it outside any parentheses closed since (what a
 * parenthesis names is a detail of the module before it), on its step or else on the steps it
 * follows from; and every module named before it, nearest last.
 */
interface Arrow {
  from: string;
  to: string;
  before: string[];
}

interface Named {
  module: string;
  /** How deep in parentheses it is named. */
  depth: number;
}

const FLOW_TOKEN = new RegExp(`→|\\(|\\)|${PATH.source}|${BARE_MODULE.source}`, 'g');

function arrowsOf(flow: string): Arrow[] {
  const steps = stepsOf(flow);
  const arrows: Arrow[] = [];
  const namedOnStep: Named[][] = [];
  const parentOf = (at: number): number => {
    let parent = at - 1;
    while (parent >= 0 && steps[parent]!.indent >= steps[at]!.indent) parent -= 1;
    return parent;
  };
  steps.forEach((step, index) => {
    const named: Named[] = [];
    for (let at = parentOf(index); at >= 0; at = parentOf(at)) named.unshift(...namedOnStep[at]!.filter((entry) => entry.depth === 0));
    const fromStep = named.length;
    let depth = 0;
    let pending: { depth: number; from: string; before: string[] } | undefined;
    for (const token of step.text.matchAll(FLOW_TOKEN)) {
      const text = token[0];
      if (text === '(') depth += 1;
      else if (text === ')') {
        depth = Math.max(0, depth - 1);
        if (pending && depth < pending.depth) pending = undefined;
      } else if (text === '→') {
        const from = named.filter((entry) => entry.depth <= depth).at(-1)?.module;
        pending = from ? { depth, from, before: named.map((entry) => entry.module) } : undefined;
      } else {
        const [module] = modulesNamed(text, named.at(-1)?.module);
        if (!module) continue;
        named.push({ module, depth });
        if (pending) arrows.push({ from: pending.from, to: module, before: pending.before });
        pending = undefined;
      }
    }
    namedOnStep.push(named.slice(fromStep));
  });
  return arrows;
}

/**
 * An arrow holds when its target is imported, at some depth, by the module before it, or, for two
 * steps in turn (run/runPlan.ts → run/runTarget.ts), by the nearest module before that runs both.
 */
function arrowHolds({ from, to, before }: Arrow): boolean {
  if (reachable(from).has(to)) return true;
  const runner = before
    .slice(0, -1)
    .reverse()
    .find((module) => reachable(module).has(from));
  return runner !== undefined && reachable(runner).has(to);
}

/** The page's flows: its plain fenced blocks with an arrow, and each paragraph of prose with one. */
function flows(): string[] {
  const blocks = fencedBlocks(page)
    .filter((block) => block.language === '' && block.content.includes('→'))
    .map((block) => block.content);
  const prose = new MarkdownIt()
    .parse(page, {})
    .filter((token) => token.type === 'inline')
    // A sentence of prose is a flow of its own: an arrow's far side ends where its sentence does.
    .flatMap((token) => token.content.replace(/\n/g, ' ').split(/(?<=\.)\s+(?=[A-Z])/))
    .filter((sentence) => sentence.includes('→'));
  return [...blocks, ...prose];
}

/** "Where a new piece goes": each entry's bold name, lower case, and its text. */
function placesOfNewPieces(): Map<string, string> {
  const section = page.split(/^## /m).find((part) => part.startsWith('Where a new piece goes'));
  if (!section) return new Map();
  return new Map(
    [...section.matchAll(/^- \*\*([^*]+)\*\*:?([\s\S]*?)(?=^- |(?![\s\S]))/gm)].map((match) => [match[1]!.toLowerCase(), match[2]!]),
  );
}

const entryFor = (piece: string): string | undefined =>
  [...placesOfNewPieces()].find(([name]) => name.replace(/^an? /, '').startsWith(piece))?.[1];

/** The product module whose text matches a declaration (`export const AREAS`): found, not written here. */
const declaring = (declaration: RegExp): string[] =>
  productModules.filter((path) => declaration.test(readFileSync(join(PROJECT_ROOT, path), 'utf8')));

test('every path the page names into the tree is there, a file or a folder (a placeholder matching one)', () => {
  const named = [...new Set([...page.matchAll(PATH)].map((match) => trimmed(match[1]!)).filter(isNamedPath))];
  expect(named.length).toBeGreaterThan(50);
  expect(named.filter((path) => !exists(path))).toEqual([]);
});

test('the path reader finds what a placeholder matches, and no file that is not there', () => {
  expect(exists('suites/<area>/')).toBe(true);
  expect(exists('emulator/<area>/faults.ts')).toBe(true);
  expect(exists('requirements/*.yaml')).toBe(true);
  expect(exists('harness/deliverySettings.ts')).toBe(false);
  expect(exists('suites/<area>/faults.ts')).toBe(false);
  expect([...'`../shared/spec/`, allure-results/, (report/reportWriter.ts).'.matchAll(PATH)].map((match) => trimmed(match[1]!))).toEqual([
    '../shared/spec/',
    'allure-results/',
    'report/reportWriter.ts',
  ]);
});

test('every module the page names by its file name alone is a module of the product', () => {
  const bare = [...new Set([...page.matchAll(BARE_MODULE)].map((match) => match[1]!))];
  expect(bare.length).toBeGreaterThan(3);
  expect(bare.filter((name) => !productModules.some((path) => basename(path) === name))).toEqual([]);
});

test('each arrow of a flow between two named modules is a path of imports in the code', () => {
  const arrows = flows().flatMap(arrowsOf);
  expect(arrows.length).toBeGreaterThan(15);
  expect(arrows.filter((arrow) => !arrowHolds(arrow)).map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
});

test('the flow reader takes steps, indentation and bare names as the page writes them', () => {
  const flow = [
    'cli/main.ts → cli/runCommand.ts: cli/runValues.ts parsed',
    '  → run/runPipeline.ts: run/runPlan.ts → run/runTarget.ts',
    '  → run/runExecution.ts → engine.ts, (not a module) → nothing',
  ].join('\n');
  expect(arrowsOf(flow).map(({ from, to }) => `${from} → ${to}`)).toEqual([
    'cli/main.ts → cli/runCommand.ts',
    'cli/runValues.ts → run/runPipeline.ts',
    'run/runPlan.ts → run/runTarget.ts',
    'cli/runValues.ts → run/runExecution.ts',
    'run/runExecution.ts → harness/engine/engine.ts',
  ]);
  // What a parenthesis names is a detail: the next step follows from the module before it.
  const detailed = 'cli/main.ts → cli/receiverCommand.ts (cli/receiverValues.ts → receiver/receiverConfig.ts)\n  → receiver/receiverRun.ts';
  expect(arrowsOf(detailed).map(({ from, to }) => `${from} → ${to}`)).toEqual([
    'cli/main.ts → cli/receiverCommand.ts',
    'cli/receiverValues.ts → receiver/receiverConfig.ts',
    'cli/receiverCommand.ts → receiver/receiverRun.ts',
  ]);
  // Two steps in turn hold through the module that runs both; an arrow against the imports does not.
  expect(arrowHolds({ from: 'run/runPlan.ts', to: 'run/runTarget.ts', before: ['run/runPipeline.ts', 'run/runPlan.ts'] })).toBe(true);
  expect(arrowHolds({ from: 'harness/engine/engine.ts', to: 'cli/main.ts', before: ['harness/engine/engine.ts'] })).toBe(false);
});

test('"Where a new piece goes" says where an area, a subject and a face go, each entry naming places that are there', () => {
  const entries = placesOfNewPieces();
  for (const piece of ['area', 'subject', 'face']) expect(entryFor(piece), `an entry for ${piece}`).toBeDefined();
  const placeless = [...entries].filter(([, text]) => ![...text.matchAll(PATH)].some((match) => isNamedPath(trimmed(match[1]!))));
  expect(placeless.map(([name]) => name)).toEqual([]);
});

/** The area names a module's code says (string literals, property names), each once: comments and import paths are not read. */
function areaNamesIn(source: string, path: string): string[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    const moduleName = ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent);
    const text =
      ts.isStringLiteral(node) && !moduleName
        ? node.text
        : ts.isIdentifier(node) && ts.isPropertyAssignment(node.parent) && node.parent.name === node
          ? node.text
          : undefined;
    if (text !== undefined && (AREAS as readonly string[]).includes(text)) names.add(text);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
  return [...names];
}

test('an area is one name in the one list of areas; its folder, scenarios and index follow from it', async () => {
  const [list, ...others] = declaring(/^export const AREAS\b/m);
  expect(others).toEqual([]);
  expect(entryFor('area')).toContain(list);
  // Every folder of suites/ but shared/ is an area of the list, and every area of the list a folder.
  const suiteFolders = [...folders].filter((folder) => /^suites\/[^/]+$/.test(folder) && folder !== 'suites/shared');
  expect(suiteFolders.map((folder) => folder.slice('suites/'.length)).sort()).toEqual([...AREAS].sort());
  // Its index.ts says which area it is, imported by the one index of scenarios (the package builds what is imported).
  const index = 'suites/scenarioIndex.ts';
  expect(entryFor('area')).toContain(index);
  expect(AREAS.filter((area) => !importsOf.get(index)!.includes(`suites/${area}/index.ts`))).toEqual([]);
  for (const area of AREAS) {
    const folder = (await import(`../../suites/${area}/index.ts`)) as { area?: AreaSuite };
    expect(folder.area?.name, `suites/${area}/index.ts exports its area`).toBe(area);
    expect(folder.area!.scenarios.length, `${area} has scenarios`).toBeGreaterThan(0);
  }
  expect(Object.keys(SCENARIOS_BY_AREA)).toEqual([...AREAS]);
  const misplaced = AREAS.flatMap((area) =>
    SCENARIOS_BY_AREA[area].filter((scenario) => scenario.area !== area).map((scenario) => scenario.id),
  );
  expect(misplaced).toEqual([]);
  // Nothing else names the set: a module of the product saying three areas or more is a second list. The
  // emulator is a program of its own, whose folders (emulator/<area>/) are its areas, not the suite's.
  const lists = productModules
    .filter((path) => path !== list && !path.startsWith('emulator/'))
    .map((path) => ({ path, names: areaNamesIn(readFileSync(join(PROJECT_ROOT, path), 'utf8'), path) }))
    .filter(({ names }) => names.length >= 3)
    .map(({ path, names }) => `${path}: ${names.join(', ')}`);
  expect(lists).toEqual([]);
});

test('the finder of a second list of areas reads keys and literals, not comments or import paths', () => {
  const planted = [
    "import { x } from './auth/index.ts';",
    '// positive-pay, auth, conventions',
    "const table = { auth: 1, 'positive-pay': 2, webhooks: x };",
    "const names = ['sandbox'];",
  ].join('\n');
  expect(areaNamesIn(planted, 'planted.ts').sort()).toEqual(['auth', 'positive-pay', 'sandbox', 'webhooks']);
  expect(areaNamesIn("const one = 'auth'; // webhooks, events", 'one.ts')).toEqual(['auth']);
});

test('a subject is one adapter of the one subject interface, and the page names each adapter', () => {
  const [contract, ...others] = declaring(/^export interface EngineSubject\b/m);
  expect(others).toEqual([]);
  expect(entryFor('subject')).toContain(contract);
  const adapters = declaring(/implements EngineSubject\b|\): EngineSubject</);
  expect(adapters.length).toBeGreaterThan(1);
  expect(adapters.filter((adapter) => !page.includes(adapter))).toEqual([]);
});

test('a face is one module of the one list of faces, which only the list imports, and reaches no judgement of the run', () => {
  const [list, ...others] = declaring(/^export const FACES\b/m);
  expect(others).toEqual([]);
  expect(entryFor('face')).toContain(list);
  const faceFolder = dirname(list!);
  const faceModules = productModules.filter((path) => dirname(path) === faceFolder && path !== list);
  expect(faceModules.length).toBeGreaterThan(1);
  const wiredElsewhere = productModules
    .filter((file) => dirname(file) !== faceFolder)
    .flatMap((file) =>
      importsOf
        .get(file)!
        .filter((target) => faceModules.includes(target))
        .map((target) => `${file} → ${target}`),
    );
  expect(wiredElsewhere).toEqual([]);
  // The run's own judgement and the one every subject shares (verdict/): a face reaches neither.
  const judgements = [...declaring(/^export function judgeRun\b/m), ...declaring(/^export function judgedDocument\b/m)];
  expect(judgements).toHaveLength(2);
  for (const judgement of judgements) expect(entryFor('face')).toContain(judgement);
  expect(
    faceModules.flatMap((face) =>
      judgements.filter((judgement) => reachable(face).has(judgement)).map((judgement) => `${face} → ${judgement}`),
    ),
  ).toEqual([]);
});

test('what the page says is written once is declared in one module, the one it names', () => {
  // Each: a declaration, and the module the page says holds it.
  const once: Array<[declaration: RegExp, module: string]> = [
    [/^export class SetupError\b/m, 'harness/records/setupError.ts'],
    [/^export const OPTION_WORDS\b/m, 'cli/commandLineText.ts'],
    [/^export interface OptionWords\b/m, 'harness/records/optionWords.ts'],
    [/^export function replayCommand\b/m, 'cli/commandLineText.ts'],
    [/^export function narrowedByText\b/m, 'cli/commandLineText.ts'],
    [/^export const FACES\b/m, 'cli/faces/faceList.ts'],
    [/^export async function runEngine\b/m, 'harness/engine/engine.ts'],
  ];
  for (const [declaration, module] of once) {
    expect(declaring(declaration), String(declaration)).toEqual([module]);
    expect(page, `the page names ${module}`).toContain(module);
  }
});
