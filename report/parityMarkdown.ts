import { countOf, type ParitySide, type ParityTable } from './parityTable.ts';

// parity.md: the parity table of `compare --observed`, for a terminal, a pull
// request or a step summary.

const MAX_CELL = 120;

/** Values as one table cell: short, and nothing that ends the cell or the code span. */
function cell(values: readonly unknown[]): string {
  if (values.length === 0) return '—';
  const text = values.map((value) => JSON.stringify(value) ?? 'undefined').join(', ');
  const short = text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 3)}...` : text;
  return `\`${short.replace(/`/g, "'").replace(/\|/g, '\\|')}\``;
}

const side = (label: string, { source, results }: ParitySide): string =>
  `- ${label}: ${results.target.name}, run of ${results.startedAt} (${source})`;

export function parityMarkdown(table: ParityTable): string {
  const counts = (['same', 'varies by timing', 'different', 'not compared'] as const)
    .map((parity) => `${countOf(table, parity)} ${parity}`)
    .join(', ');
  return [
    '# Parity of observations',
    '',
    'What each target does where the documents leave the choice open: one row per OBSERVE requirement.',
    'Ids, the numbers in names and stamps are set aside when values are compared; "not compared" means one run observed nothing.',
    '"varies by timing": the values differ as the timing of a run makes them (how a burst queued into batches, where a stamp fell) and agree in what the documents bound.',
    '',
    side('A', table.a),
    side('B', table.b),
    '',
    `${table.rows.length} OBSERVE requirement(s): ${counts}.`,
    '',
    '| Requirement | A | B | Parity |',
    '| --- | --- | --- | --- |',
    ...table.rows.map((row) => `| \`${row.id}\` | ${cell(row.a)} | ${cell(row.b)} | ${row.parity} |`),
    '',
  ].join('\n');
}
