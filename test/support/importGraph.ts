import { dirname, join, normalize } from 'node:path/posix';

// The project's modules as a graph of relative imports, read from the text: every form
// (import, import type, export … from, a side-effect import, import('…')) counts, since
// a circle of type imports is a circle all the same for a reader of the code.

const RELATIVE_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.{1,2}\/[^']+)'/g;

/** The files a module imports, as paths from the same root as `file` (e.g. 'emulator/core/ids.ts'). */
export const relativeImports = (file: string, text: string): string[] =>
  [...text.matchAll(RELATIVE_SPECIFIER)].map((match) => normalize(join(dirname(file), match[1]!)));

/**
 * Each circle of imports, as one path around it ('a.ts → b.ts → a.ts'): one per group of
 * modules that reach each other (Tarjan's strongly connected components), so a tangle is
 * named once however many circles run through it.
 */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) visit(next);
      if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, low.get(next)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = new Set<string>();
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.add(member);
    } while (member !== node);
    const path = pathAround(node, group, graph);
    if (path) circles.push(path.join(' → '));
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return circles;
}

/** The shortest way from `start` back to itself inside its group, undefined when there is none (a module alone). */
function pathAround(start: string, group: ReadonlySet<string>, graph: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (const node of queue) {
    for (const next of graph.get(node) ?? []) {
      if (!group.has(next)) continue;
      if (next === start) {
        const path: string[] = [];
        for (let at = node; at !== start; at = cameFrom.get(at)!) path.unshift(at);
        return [start, ...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return undefined;
}
