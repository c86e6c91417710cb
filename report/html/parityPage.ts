import { createHash } from 'node:crypto';
import { jsonText } from '../exchangeText.ts';
import { countOf, type Parity, type ParitySide, type ParityTable } from '../parityTable.ts';
import { html } from './htmlText.ts';
import { REPORT_STYLE } from './reportStyle.ts';

// parity.html: the parity table of `compare --observed` as a page of its own,
// styled as report.html and as locked down (its style admitted by hash, no script):
// a report.html describes one run, this page two.

const PARITY_BADGE: Readonly<Record<Parity, string>> = {
  same: 'PASS',
  'varies by timing': 'PASS',
  different: 'WARN',
  'not compared': 'SKIP',
};

const values = (shown: readonly unknown[]): string =>
  shown.length === 0
    ? '<span class="empty">nothing observed</span>'
    : shown.map((value) => `<code class="observed">${html(jsonText(value))}</code>`).join(' ');

const side = (label: string, { source, results }: ParitySide): string =>
  `<div><dt>${html(label)}</dt><dd>${html(`${results.target.name}, run of ${results.startedAt}`)}<br><span class="scenario">${html(source)}</span></dd></div>`;

/** The table alone, for a page or a section of one. */
export function paritySection(table: ParityTable): string {
  const rows = table.rows.map(
    (row) =>
      `<tr id="parity-${html(row.id)}"><td><code>${html(row.id)}</code><br><span class="scenario">${html(row.statement)}</span></td><td>${values(row.a)}</td><td>${values(row.b)}</td><td><span class="badge outcome-${PARITY_BADGE[row.parity]}">${html(row.parity)}</span></td></tr>`,
  );
  const counts = (['same', 'varies by timing', 'different', 'not compared'] as const)
    .map((parity) => `<span class="badge outcome-${PARITY_BADGE[parity]}">${countOf(table, parity)} ${html(parity)}</span>`)
    .join('');
  return [
    '<section id="parity" class="panel"><h2>What each target does where the documents are silent</h2>',
    `<p class="counts">${counts}</p>`,
    '<p class="empty">Ids, the numbers in names and stamps are set aside when values are compared; "not compared": one run observed nothing; "varies by timing": the values differ as the timing of a run makes them and agree in what the documents bound.</p>',
    '<table><thead><tr><th>Requirement</th><th>A</th><th>B</th><th>Parity</th></tr></thead><tbody>',
    ...rows,
    '</tbody></table></section>',
  ].join('\n');
}

export function parityPage(table: ParityTable): string {
  const styleHash = `'sha256-${createHash('sha256').update(REPORT_STYLE, 'utf8').digest('base64')}'`;
  const policy = `default-src 'none'; style-src ${styleHash}; img-src 'none'; base-uri 'none'; form-action 'none'`;
  const different = countOf(table, 'different');
  const title = different === 0 ? 'Same observations' : `${different} observation(s) differ`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${html(policy)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${html(`${title}: ${table.a.results.target.name} and ${table.b.results.target.name}: banking-api-conformance`)}</title>`,
    `<style>${REPORT_STYLE}</style>`,
    '</head><body><main>',
    // A difference is a fact about two targets, not a failure: the colour of a SHOULD miss, not of a FAIL.
    `<header id="verdict" class="verdict outcome-${different === 0 ? 'PASS' : 'WARN'}"><h1>${html(title)}</h1><p>${html(`${table.rows.length} OBSERVE requirement(s) compared`)}</p></header>`,
    `<dl class="facts" id="facts">${side('A', table.a)}${side('B', table.b)}</dl>`,
    paritySection(table),
    '</main></body></html>',
    '',
  ].join('\n');
}
