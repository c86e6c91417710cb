import { FAILING_OUTCOMES, OUTCOMES, type Outcome } from '../../harness/records/checkRecords.ts';
import type { RequirementResult } from '../../verdict/requirementVerdict.ts';
import { documentName, evidenceView, type Reproduction, searchText } from './evidenceView.ts';
import type { SectionIndex } from '../sectionTitles.ts';
import { html } from './htmlText.ts';

// The requirement matrix: every requirement grouped by the document section it
// comes from, one line each (outcome, id, level, statement), evidence on click,
// with the outcome filter and search box above.

interface Group {
  key: string;
  title: string;
  results: RequirementResult[];
}

function groupsOf(results: readonly RequirementResult[], sections: SectionIndex): Group[] {
  const groups = new Map<string, Group & { document: string; section: string }>();
  for (const result of results) {
    // A requirement citing several sections ("2.4; 2.5; 4.2") sits under the first.
    const { document } = result.source;
    const section = result.source.section.split(';')[0]?.trim() || result.source.section;
    const key = `${document}\u0000${section}`;
    const title = /^\d/.test(section)
      ? `${documentName(document)} §${section} ${sections.title(document, section) ?? ''}`.trimEnd()
      : `${documentName(document)}: ${section}`;
    const group = groups.get(key) ?? { key, title, document, section, results: [] };
    group.results.push(result);
    groups.set(key, group);
  }
  // Document order where the headings are known, then section numbers in natural order (2.10 after 2.9).
  return [...groups.values()].sort(
    (a, b) =>
      a.document.localeCompare(b.document) ||
      sections.position(a.document, a.section) - sections.position(b.document, b.section) ||
      a.section.localeCompare(b.section, 'en', { numeric: true }),
  );
}

function row(result: RequirementResult, reproduction: Reproduction): string {
  return [
    `<details class="requirement" id="req-${html(result.id)}" data-outcome="${html(result.outcome)}" data-text="${html(searchText(result))}">`,
    '<summary>',
    `<span class="badge outcome-${html(result.outcome)}">${html(result.outcome)}</span>`,
    `<code class="req-id">${html(result.id)}</code>`,
    `<span class="level">${html(result.level)}</span>`,
    `<span class="statement">${html(result.statement)}</span>`,
    '</summary>',
    evidenceView(result, reproduction),
    '</details>',
  ].join('');
}

/** The page opens on the failures when there are any (the script reads which button is pressed). */
function filterButtons(counts: Record<Outcome, number>, total: number): string {
  const failing = FAILING_OUTCOMES.reduce((sum, outcome) => sum + counts[outcome], 0);
  const opening = failing > 0 ? 'failing' : 'all';
  const buttons = [
    { filter: 'all', label: `All (${total})` },
    { filter: 'failing', label: `Failing (${failing})` },
    ...OUTCOMES.map((outcome) => ({ filter: outcome, label: `${outcome} (${counts[outcome]})` })),
  ];
  return buttons
    .map(
      (button) =>
        `<button type="button" data-filter="${html(button.filter)}" aria-pressed="${button.filter === opening}">${html(button.label)}</button>`,
    )
    .join('');
}

export function requirementMatrix(
  results: readonly RequirementResult[],
  counts: Record<Outcome, number>,
  sections: SectionIndex,
  reproduction: Reproduction,
): string {
  return [
    '<section id="matrix"><h2>Requirements</h2>',
    '<div class="controls" role="search">',
    filterButtons(counts, results.length),
    '<input id="search" type="search" placeholder="Search id, statement, scenario or message" aria-label="Search requirements">',
    '<output id="shown" aria-live="polite"></output>',
    '</div>',
    ...groupsOf(results, sections).map(
      (group) =>
        `<section class="group"><h3>${html(group.title)}</h3>${group.results.map((result) => row(result, reproduction)).join('')}</section>`,
    ),
    results.length === 0 ? '<p class="empty">The catalogue has no requirements.</p>' : '',
    '</section>',
  ].join('\n');
}
