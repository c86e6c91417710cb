import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';
import { tables } from '../tree/markdownBlocks.ts';

// The guide's tables of the action's inputs and outputs (docs/ci-against-a-sandbox.md, "Run it
// in CI") are held to action.yml: every input with its default, every output, nothing else.

const action = parse(readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
  outputs: Record<string, unknown>;
};
const guide = readFileSync(join(PROJECT_ROOT, 'docs/ci-against-a-sandbox.md'), 'utf8');
const tableHeaded = (first: string): string[][] => {
  const table = tables(guide).find((rows) => rows[0]?.[0] === first);
  if (!table) throw new Error(`docs/ci-against-a-sandbox.md has no table headed "${first}"`);
  return table.slice(1);
};
/** The names a cell gives in backticks: `pass`, `fail` → ['pass', 'fail']. */
const namesIn = (cell: string | undefined): string[] => [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);

test('every input of action.yml is in the guide, with its default', () => {
  const rows = tableHeaded('input');
  expect(rows.flatMap((row) => namesIn(row[0])).sort()).toEqual(Object.keys(action.inputs).sort());
  for (const [name, input] of Object.entries(action.inputs)) {
    const defaultCell = rows.find((row) => namesIn(row[0]).includes(name))?.[1] ?? '';
    if (input.default) expect(namesIn(defaultCell), name).toEqual([input.default]);
    else expect(defaultCell, name).toMatch(/^empty/);
  }
});

test('every output of action.yml is in the guide', () => {
  expect(
    tableHeaded('output')
      .flatMap((row) => namesIn(row[0]))
      .sort(),
  ).toEqual(Object.keys(action.outputs).sort());
});
