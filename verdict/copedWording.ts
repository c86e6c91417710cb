import type { CopedRow } from './resultsDocument.ts';

// How a client document's "how your client coped" rows (client/copedTable.ts) are told to a reader:
// the terminal one line a row, summary.md and report.html a table, in the same words. Recorded, never judged.

export const COPED_TITLE = 'How your client coped';

/** Whether any perturbation of the plan was applied: the table is shown only then. */
export const anyApplied = (rows: readonly CopedRow[] | undefined): rows is readonly CopedRow[] =>
  rows?.some((row) => row.notApplied === undefined) === true;

/** The perturbation and its facts in short: `reset (2 times in a row)`. */
export const copedPerturbation = (row: CopedRow): string => (row.facts ? `${row.perturbation} (${row.facts})` : row.perturbation);

/** What the client did next, or why the perturbation was not applied. */
export const copedDidNext = (row: CopedRow): string => row.didNext ?? `not applied: ${row.notApplied ?? 'no reason recorded'}`;

/** How long until the bent call got through; — where it never did or recovery does not apply. */
export const copedTook = (row: CopedRow): string => (row.recoveredAfterMs === null ? '—' : `${row.recoveredAfterMs} ms`);

/** Whether it recovered: yes, no, or — where recovery does not apply. */
export const copedRecovered = (row: CopedRow): string => (row.recovered === null ? '—' : row.recovered ? 'yes' : 'no');

/** The table's columns, each with how a row fills it. */
export const COPED_COLUMNS: ReadonlyArray<readonly [string, (row: CopedRow) => string]> = [
  ['perturbation', copedPerturbation],
  ['call', (row) => row.subject ?? '—'],
  ['what it did next', copedDidNext],
  ['how long it took', copedTook],
  ['recovered', copedRecovered],
];

/** One row as one line of the terminal. */
export function copedLine(row: CopedRow): string {
  const head = row.subject === null ? copedPerturbation(row) : `${copedPerturbation(row)} · ${row.subject}`;
  const recovered = row.recovered === null ? '' : row.recovered ? `; recovered after ${row.recoveredAfterMs} ms` : '; not recovered';
  return `${head}: ${copedDidNext(row)}${recovered}`;
}

/** The rows as a Markdown table (summary.md, docs/your-api-client.md). */
export function copedMarkdown(rows: readonly CopedRow[]): string[] {
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
  return [
    `| ${COPED_COLUMNS.map(([name]) => name).join(' | ')} |`,
    `|${COPED_COLUMNS.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${COPED_COLUMNS.map(([, fill]) => cell(fill(row))).join(' | ')} |`),
  ];
}
