import { bySeverity, type CheckRecord } from '../../harness/records/checkRecords.ts';
import type { RequirementResult } from '../../verdict/requirementVerdict.ts';
import { evidenceFacts, exchangeText, jsonText } from '../exchangeText.ts';
import { type CurlGuide, curlCommand, curlHeading, REPRODUCIBLE } from '../reproduction.ts';
import { html } from './htmlText.ts';

// What opens under a requirement: its source, why it was skipped, and each check
// with its message and evidence: the exchanges, observed value, seed and
// counterexample. Checks are shown worst first; evidence is capped so a
// requirement judged by a thousand generated cases stays readable.

const EVIDENCE_SHOWN = 5;

/** How a failure is reproduced (report/reproduction.ts): the replay command of a scenario (or, without one, of the requirement), and what the curl commands need. */
export interface Reproduction {
  replay(itemId: string | undefined, requirementId: string): string;
  curl: CurlGuide;
}

/** A command to run by hand, with a button that copies it (report/html/reportScript.ts). */
export const commandView = (className: string, command: string, what: string): string =>
  `<div class="command"><pre class="${className}">${html(command)}</pre><button type="button" class="copy" aria-label="Copy the ${html(what)}">Copy</button></div>`;

const DOCUMENT_NAMES: Record<string, string> = { api: 'API', events: 'Event Catalog' };
export const documentName = (key: string): string => DOCUMENT_NAMES[key] ?? key;

/** For a FAIL, WARN or UNTESTABLE check: a curl command per exchange (while its target answers), and the scenario's replay command. */
function reproduceView(check: CheckRecord, reproduction: Reproduction, withEvidence: boolean): string {
  const parts = ['<div class="reproduce">'];
  for (const exchange of withEvidence && reproduction.curl.shown ? (check.evidence?.exchanges ?? []) : []) {
    const curl = curlCommand(exchange);
    parts.push(`<p>${html(curlHeading(curl, reproduction.curl))}:</p>`, commandView('curl', curl.command, 'curl command'));
  }
  parts.push(
    '<p>replay the scenario:</p>',
    commandView('replay', reproduction.replay(check.itemId, check.requirementId), 'replay command'),
    '</div>',
  );
  return parts.join('');
}

function checkView(check: CheckRecord, withEvidence: boolean, reproduction: Reproduction): string {
  const parts = [
    `<div class="check check-${html(check.outcome)}">`,
    `<p><span class="badge outcome-${html(check.outcome)}">${html(check.outcome)}</span> ${html(check.message)}${check.count && check.count > 1 ? ` <span class="scenario">(×${html(check.count)})</span>` : ''}</p>`,
    `<p class="scenario">scenario ${html(check.itemId)}</p>`,
  ];
  if ('observed' in check) parts.push(`<p>observed: <code class="observed">${html(jsonText(check.observed))}</code></p>`);
  if (withEvidence && check.evidence) {
    for (const exchange of check.evidence.exchanges ?? []) parts.push(`<pre class="exchange">${html(exchangeText(exchange))}</pre>`);
    for (const fact of evidenceFacts(check.evidence)) parts.push(`<p>${html(fact.label)}:</p><pre>${html(fact.text)}</pre>`);
  }
  if (REPRODUCIBLE.has(check.outcome)) parts.push(reproduceView(check, reproduction, withEvidence));
  parts.push('</div>');
  return parts.join('');
}

export function evidenceView(result: RequirementResult, reproduction: Reproduction): string {
  const source = `${documentName(result.source.document)} section ${result.source.section}`;
  const parts = [`<div class="evidence"><p class="meta">${html(source)} · ${html(result.level)} · ${result.checks.length} check(s)</p>`];
  if (result.reason) parts.push(`<p><strong>Reason:</strong> ${html(result.reason)}</p>`);
  if (result.checks.length === 0 && REPRODUCIBLE.has(result.outcome)) {
    parts.push(
      `<div class="reproduce"><p>replay:</p>${commandView('replay', reproduction.replay(undefined, result.id), 'replay command')}</div>`,
    );
  }
  const checks = [...result.checks].sort((a, b) => bySeverity(a.outcome, b.outcome));
  let withEvidence = 0;
  for (const check of checks) {
    const show = check.evidence !== undefined && withEvidence < EVIDENCE_SHOWN;
    if (show) withEvidence += 1;
    parts.push(checkView(check, show, reproduction));
  }
  const hidden = checks.filter((check) => check.evidence).length - withEvidence;
  if (hidden > 0) parts.push(`<p class="empty">Evidence of ${hidden} more check(s) is in results.json.</p>`);
  if (checks.length === 0 && !result.reason) parts.push('<p class="empty">No check recorded a result.</p>');
  parts.push('</div>');
  return parts.join('');
}

/** Everything a search should find for a requirement, lower-cased. */
export function searchText(result: RequirementResult): string {
  const words = [
    result.id,
    result.level,
    result.outcome,
    result.statement,
    result.reason ?? '',
    result.source.section,
    ...result.checks.flatMap((check) => [check.itemId, check.message]),
  ];
  return words.join(' ').toLowerCase();
}
