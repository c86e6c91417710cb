import type { Comparison, OutcomeChange } from '../../verdict/resultsComparison.ts';
import { jsonText } from '../exchangeText.ts';
import { html } from './htmlText.ts';

// With `run --compare FILE`: what changed since that earlier run.

const badge = (outcome: string): string => `<span class="badge outcome-${html(outcome)}">${html(outcome)}</span>`;

function changeList(title: string, id: string, changes: readonly OutcomeChange[]): string {
  if (changes.length === 0) return `<h3>${html(title)}</h3><p class="empty" id="${html(id)}">none</p>`;
  const rows = changes.map(
    (change) =>
      `<tr><td><a href="#req-${html(change.id)}"><code>${html(change.id)}</code></a></td><td>${badge(change.from)} → ${badge(change.to)}</td></tr>`,
  );
  return `<h3>${html(title)} (${changes.length})</h3><table id="${html(id)}"><tbody>${rows.join('')}</tbody></table>`;
}

export function comparisonView(comparison: Comparison | undefined): string {
  if (!comparison) return '';
  const { baseline } = comparison;
  const observations =
    comparison.observationsChanged.length === 0
      ? '<p class="empty">none</p>'
      : `<table id="observations-changed"><tbody>${comparison.observationsChanged
          .map(
            (change) =>
              `<tr><td><code>${html(change.id)}</code></td><td><code class="observed">${html(jsonText(change.from))}</code> → <code class="observed">${html(jsonText(change.to))}</code></td></tr>`,
          )
          .join('')}</tbody></table>`;
  return [
    '<section id="comparison" class="panel"><h2>Compared with an earlier run</h2>',
    `<p>Baseline: ${html(baseline.targetName)}, started ${html(baseline.startedAt)}, suite ${html(baseline.suiteVersion)}; `,
    baseline.sameCatalogue
      ? 'same catalogue.'
      : '<strong>different catalogue</strong>: requirements may have been added, removed or reworded.',
    '</p>',
    changeList('Regressed', 'regressed', comparison.regressed),
    changeList('Fixed', 'fixed', comparison.fixed),
    changeList('Other outcome changes', 'changed', comparison.changed),
    `<h3>Observed values that changed (${comparison.observationsChanged.length})</h3>`,
    observations,
    comparison.added.length > 0 ? `<p>New requirements: ${comparison.added.map((id) => `<code>${html(id)}</code>`).join(', ')}</p>` : '',
    comparison.removed.length > 0
      ? `<p>No longer in the catalogue: ${comparison.removed.map((id) => `<code>${html(id)}</code>`).join(', ')}</p>`
      : '',
    '</section>',
  ].join('\n');
}
