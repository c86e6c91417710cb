import type { RequirementResult } from '../../verdict/requirementVerdict.ts';
import { jsonText } from '../exchangeText.ts';
import { observedValues } from '../../verdict/resultsComparison.ts';
import { html } from './htmlText.ts';

// OBSERVE requirements are where the documents say "not shown": the suite never
// judges them, it records what this target does. Shown apart, as facts about
// the target rather than as passes.

export function observationsView(results: readonly RequirementResult[]): string {
  const all = results.filter((result) => result.level === 'OBSERVE');
  // Skipped ones say nothing about the target; they stay in the matrix.
  const observed = all.filter((result) => result.outcome !== 'SKIP');
  const skipped = all.length - observed.length;
  if (all.length === 0) return '';
  const rows = observed.map((result) => {
    const values = observedValues(result);
    const shown =
      values.length > 0
        ? values.map((value) => `<code class="observed">${html(jsonText(value))}</code>`).join(' ')
        : `<span class="empty">${html(result.reason ?? 'nothing observed')}</span>`;
    const note = result.checks.find((check) => check.outcome === 'OBSERVED')?.message ?? '';
    return `<tr><td><a href="#req-${html(result.id)}"><code>${html(result.id)}</code></a></td><td>${html(result.statement)}</td><td>${shown}${note ? `<br><span class="scenario">${html(note)}</span>` : ''}</td></tr>`;
  });
  return [
    `<details id="observations" class="panel"><summary><h2>What the target does where the documents are silent</h2> <span class="scenario">${observed.length} observed value(s); open to read</span></summary>`,
    '<table><thead><tr><th>Requirement</th><th>The documents leave open</th><th>This target</th></tr></thead><tbody>',
    ...rows,
    '</tbody></table>',
    observed.length === 0 ? '<p class="empty">Nothing was observed in this run.</p>' : '',
    skipped > 0 ? `<p class="empty">${skipped} more OBSERVE requirement(s) were skipped in this run; see the matrix.</p>` : '',
    '</details>',
  ].join('\n');
}
