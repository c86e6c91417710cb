import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importCircles } from '../test/support/importGraph.ts';
import { declaresFace, faceRegistrars, layerBreaches, readImportGraph, worstRoomReentries } from '../test/support/importGraphMeasures.ts';
import { readLayerTable } from '../test/support/layerTable.ts';
import { reportGoal } from './benchGoals.ts';
import { inReferenceCheckout, PROJECT_ROOT, REFERENCE_COMMIT } from './referenceCheckout.ts';

// Issue 34's structural goals, measured on the import graph so anyone can repeat them:
// no import the layer table forbids, no import circle in the product's folders, and
// following cli/runCommand.ts's imports, no room (a folder; a subfolder is a room of its
// own) entered more than twice on any one path. Type-only imports count (they tie modules
// together as much as any other); imports of data do not. Each figure is printed beside
// the same measure of the reference commit. Issue 41 adds the modules that register faces: one.

const ENTRY = 'cli/runCommand.ts';
const MOST_ENTRIES = 2;
/** The folders of the layer table that are not the product's: their own tests and benchmarks. */
const NOT_PRODUCT = new Set(['test', 'bench']);

function measure(root: string) {
  const layers = readLayerTable(root);
  const folders = layers.map(([folder]) => folder).filter((folder) => existsSync(join(root, folder)));
  const graph = readImportGraph(root, folders);
  const product = new Map([...graph].filter(([file]) => !NOT_PRODUCT.has(file.split('/')[0]!)));
  return {
    breaches: layerBreaches(graph, layers),
    circles: importCircles(product),
    rooms: worstRoomReentries(product, ENTRY),
    registrars: faceRegistrars(product, (file) => declaresFace(readFileSync(join(root, file), 'utf8'))),
  };
}

const now = measure(PROJECT_ROOT);
const reference = await inReferenceCheckout(async (checkout) => measure(checkout));
const before = (figure: (measured: ReturnType<typeof measure>) => string): string =>
  'done' in reference ? `${REFERENCE_COMMIT} ${figure(reference.done)}` : `${REFERENCE_COMMIT} not measured: ${reference.notMeasured}`;
const listed = (items: readonly string[]): string => (items.length ? `: ${items.join('; ')}` : '');

reportGoal({
  name: 'imports the layer table forbids (up a floor or sideways)',
  figure: `${now.breaches.length}${listed(now.breaches)}`,
  baseline: before((measured) => `${measured.breaches.length}`),
  goal: '0',
  met: now.breaches.length === 0,
});
reportGoal({
  name: 'import circles in the product folders',
  figure: `${now.circles.length}${listed(now.circles)}`,
  baseline: before((measured) => `${measured.circles.length}${listed(measured.circles)}`),
  goal: '0',
  met: now.circles.length === 0,
});
const worstPath = ({ rooms }: ReturnType<typeof measure>): string => `${rooms.entries} (${rooms.room}/ on ${rooms.path.join(' → ')})`;
reportGoal({
  name: `most entries into one room on one import path from ${ENTRY}`,
  figure: worstPath(now),
  baseline: before(worstPath),
  goal: `≤ ${MOST_ENTRIES}`,
  met: now.rooms.entries <= MOST_ENTRIES,
});
reportGoal({
  name: 'modules that register faces',
  figure: `${now.registrars.length}${listed(now.registrars)}`,
  baseline: before((measured) => `${measured.registrars.length}${listed(measured.registrars)}`),
  goal: '1 (cli/faces/faceList.ts)',
  met: now.registrars.length === 1 && now.registrars[0] === 'cli/faces/faceList.ts',
});
