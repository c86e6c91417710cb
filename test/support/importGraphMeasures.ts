import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { relativeImports } from './importGraph.ts';
import { expandAllowed, type LayerTable, layerOf } from './layerTable.ts';

// The structural goals measured on the import graph, beside the import circles
// (test/support/importGraph.ts): imports that break the layer table, and how often the
// imports followed from one file re-enter a room. bench/importGraph.bench.ts prints them.

/** Each code file (relative to the root, forward slashes) and the code files it imports, type-only imports included. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

const CODE = /\.(ts|mts|mjs|js)$/;

/**
 * The graph of the folders' code. Imports of data (JSON) are left out: they are leaves and
 * no module's room. An import leading out of the folders keeps its edge, to a file with no imports.
 * An import of no file (one written inside a test's sample text) is no edge: tsc holds the real ones.
 */
export function readImportGraph(root: string, folders: readonly string[]): ImportGraph {
  const graph = new Map<string, string[]>();
  for (const folder of folders)
    for (const name of readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })) {
      const file = posix.join(folder, name);
      if (!CODE.test(file) || file.split('/').includes('node_modules')) continue;
      const imported = relativeImports(file, readFileSync(join(root, file), 'utf8')).filter(
        (target) => CODE.test(target) && existsSync(join(root, target)),
      );
      graph.set(file, [...new Set(imported)]);
    }
  return graph;
}

/** A file's room: the folder it sits in (harness/ and emulator/events/ are two rooms). */
export const roomOf = (file: string): string => dirname(file);

const successors = (graph: ImportGraph, file: string): readonly string[] => graph.get(file) ?? [];

/** Every import from a folder of the table into a folder the table does not let it import, as "from → to". */
export function layerBreaches(graph: ImportGraph, layers: LayerTable): string[] {
  const allowed = new Map(layers.map(([folder, mayImport]) => [folder, new Set([folder, ...expandAllowed(mayImport, layers)])]));
  const layer = (file: string) => layerOf(file, layers) ?? '';
  return [...graph].flatMap(([file, targets]) => {
    const permitted = allowed.get(layer(file));
    return permitted ? targets.filter((target) => !permitted.has(layer(target))).map((target) => `${file} → ${target}`) : [];
  });
}

export interface RoomReentries {
  /** The most times any one path enters any one room. */
  entries: number;
  room: string;
  /** The files of that path, from the start. */
  path: string[];
}

/**
 * Every import path from `start` (no file twice on one path), counting per path how often it
 * enters each room; leaving a room and coming back counts again. Exact where the graph has no
 * circle: an import that closes a circle is not followed (importCircles reports it), which
 * makes the reachable graph acyclic, so the best path from each file is worked out once per room.
 */
export function worstRoomReentries(graph: ImportGraph, start: string): RoomReentries {
  if (!graph.has(start)) throw new Error(`${start} is not in the import graph`);
  const order = acyclicPostorder(graph, start);
  let worst: RoomReentries = { entries: 0, room: roomOf(start), path: [start] };
  for (const room of new Set(order.map(({ file }) => roomOf(file)))) {
    const best = new Map<string, { entries: number; next?: string }>();
    for (const { file, targets } of order) {
      const inRoom = roomOf(file) === room;
      let entries = inRoom ? 1 : 0;
      let next: string | undefined;
      for (const target of targets) {
        // Staying in the room from one file to the next is no new entry.
        const through = (inRoom ? 1 : 0) + best.get(target)!.entries - (inRoom && roomOf(target) === room ? 1 : 0);
        if (through > entries) [entries, next] = [through, target];
      }
      best.set(file, { entries, next });
    }
    const fromStart = best.get(start)!.entries;
    if (fromStart <= worst.entries) continue;
    const path = [start];
    for (let step = best.get(start)!.next; step !== undefined; step = best.get(step)!.next) path.push(step);
    worst = { entries: fromStart, room, path };
  }
  return worst;
}

/** The files reachable from `start`, each after every file it imports, with the imports that close no circle. */
function acyclicPostorder(graph: ImportGraph, start: string): Array<{ file: string; targets: string[] }> {
  const order: Array<{ file: string; targets: string[] }> = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string): void => {
    state.set(file, 'open');
    const targets = successors(graph, file).filter((target) => state.get(target) !== 'open');
    for (const target of targets) if (!state.has(target)) visit(target);
    state.set(file, 'done');
    order.push({ file, targets });
  };
  visit(start);
  return order;
}

/** Whether a module's text declares a face of the engine (`export const x: Face = {`, cli/faces/). */
export const declaresFace = (source: string): boolean => /^export const \w+: Face = /m.test(source);

/**
 * The modules that register faces: each that imports a face module and is none itself. Issue 41's goal
 * is one (cli/faces/faceList.ts); a command that wires a face of its own is a second.
 */
export function faceRegistrars(graph: ImportGraph, isFace: (file: string) => boolean): string[] {
  const faces = new Set([...graph.keys()].filter(isFace));
  return [...graph].filter(([file, targets]) => !faces.has(file) && targets.some((target) => faces.has(target))).map(([file]) => file);
}
