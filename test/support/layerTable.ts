import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LayerTable } from './importGraphMeasures.ts';

// The layer table lives in test/run/moduleLayers.test.ts, which cannot be imported outside
// vitest (importing it declares its tests). Reading the literal from its text keeps that
// test the one place the table is written; a table this reader cannot follow throws.

export const LAYER_TEST_FILE = 'test/run/moduleLayers.test.ts';

/** The `LAYERS` literal of a source: an array of [folder, [folders it may import]] written with single-quoted strings. */
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

export const readLayerTable = (root: string): LayerTable => parseLayerTable(readFileSync(join(root, LAYER_TEST_FILE), 'utf8'));
