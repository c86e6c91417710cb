import type { CopedRow } from '../../verdict/resultsDocument.ts';
import { anyApplied, COPED_COLUMNS, COPED_TITLE } from '../../verdict/copedWording.ts';
import { html } from './htmlText.ts';

// A client's "how your client coped" table (verdict/copedWording.ts), under the counts: what it did after
// each perturbation of its plan, recorded and never judged. Nothing where none was applied.

export function copedView(rows: readonly CopedRow[] | undefined): string {
  if (!anyApplied(rows)) return '';
  const head = COPED_COLUMNS.map(([name]) => `<th>${html(name)}</th>`).join('');
  const body = rows.map((row) => `<tr>${COPED_COLUMNS.map(([, fill]) => `<td>${html(fill(row))}</td>`).join('')}</tr>`).join('\n');
  return [
    '<section id="coped" class="panel">',
    `<h2>${html(COPED_TITLE)}</h2>`,
    `<table><thead><tr>${head}</tr></thead><tbody>`,
    body,
    '</tbody></table>',
    '</section>',
  ].join('\n');
}
