import { createHash } from 'node:crypto';
import { isFailing, OUTCOMES } from '../../harness/records/checkRecords.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { comparisonView } from './comparisonView.ts';
import { containerView } from './containerView.ts';
import { copedView } from './copedView.ts';
import { sectionIndex, type SectionIndex } from '../sectionTitles.ts';
import { html } from './htmlText.ts';
import { observationsView } from './observationsView.ts';
import { requirementMatrix } from './requirementMatrix.ts';
import { verdictLabel } from '../verdictLabel.ts';
import { type CurlGuide, curlGuide, type Replay, reproducibleChecks } from '../reproduction.ts';
import { commandView } from './evidenceView.ts';
import { REPORT_SCRIPT } from './reportScript.ts';
import { REPORT_STYLE } from './reportStyle.ts';

// reports/report.html: one self-contained page (inline style and script, no
// fetches) that a person can open offline or download from CI. The content
// security policy admits exactly the inline style and script below by hash, so
// even a slip in escaping could not run anything that came from a target.

/** What each command runs, as the run facts count them: a run's scenarios, a receiver's cases, a client's items. */
const ITEM_NOUN: Record<NonNullable<ResultsDocument['command']>, string> = {
  run: 'scenario(s)',
  receiver: 'case(s)',
  client: 'item(s)',
};

const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function verdictBanner(document: ResultsDocument): string {
  const failing = document.requirements.filter((result) => result.level === 'MUST' && isFailing(result.outcome));
  const conformant = document.verdict === 'conformant';
  // Each failing id links to its row; the page's script opens the row (report/html/reportScript.ts).
  const detail = conformant
    ? html(`Every ${document.partial ? 'selected ' : ''}applicable MUST requirement passed.`)
    : `${failing.length} MUST requirement(s) failed or could not be tested: ${failing.map((result) => `<a href="#req-${html(result.id)}">${html(result.id)}</a>`).join(', ')}`;
  const partial = document.partial
    ? `<p class="partial">A partial run, narrowed by ${html(document.partial.narrowedBy.join(' '))}: the verdict holds for the ${document.partial.requirements} selected requirements only.</p>`
    : '';
  const diagnosis = document.diagnosis ? `<p class="diagnosis">${html(document.diagnosis)}</p>` : '';
  return `<header id="verdict" class="verdict verdict-${html(document.verdict)}"><h1>${html(verdictLabel(document))}</h1><p>${detail}</p>${diagnosis}${partial}</header>`;
}

function runFacts(document: ResultsDocument): string {
  const { target } = document;
  const run = document.mergedFrom
    ? `merged from ${document.mergedFrom.length} run(s)${document.mergedFrom[0]?.shard ? ` (${document.mergedFrom[0].shard.count} shards)` : ''}`
    : document.shard
      ? `shard ${document.shard.index} of ${document.shard.count}`
      : 'single run';
  const facts: Array<[string, string]> = [
    ['Target', `${target.name} (${target.environment})`],
    ['Base URL', target.baseUrl],
    ...(target.image ? [['Image', `${target.image.name} (${target.image.id})`] as [string, string]] : []),
    ['Capabilities', target.capabilities.join(', ') || 'none'],
    ['Suite version', document.suiteVersion],
    ['Catalogue hash', document.catalogueHash],
    ['Seed', String(document.seed)],
    ['Areas', document.areas.join(', ')],
    ['Run', `${run}, ${document.itemIds.length} ${ITEM_NOUN[document.command ?? 'run']}`],
    ['Started', document.startedAt],
    ['Finished', document.finishedAt],
  ];
  return `<dl class="facts" id="facts">${facts.map(([name, value]) => `<div><dt>${html(name)}</dt><dd${name === 'Catalogue hash' ? ' class="hash"' : ''}>${html(value)}</dd></div>`).join('')}</dl>`;
}

function outcomeCounts(document: ResultsDocument): string {
  return `<p class="counts" id="counts">${OUTCOMES.map((outcome) => `<span class="badge outcome-${outcome}">${document.counts[outcome]} ${outcome}</span>`).join('')}</p>`;
}

/** What every curl command of the page needs (a token minted first) or why there are none: said once, above the matrix. */
function curlGuideView(document: ResultsDocument, guide: CurlGuide): string {
  const withExchanges = document.requirements.some((result) =>
    reproducibleChecks(result).some((check) => check.evidence?.exchanges?.length),
  );
  if (!guide.note || !withExchanges) return '';
  const mint = guide.mintCommand ? commandView('mint', guide.mintCommand, 'command that mints a token') : '';
  return `<section id="reproducing" class="panel"><p>${html(guide.note)}</p>${mint}</section>`;
}

/** The page of a run; `replay`, the command line's words for replaying its failures (cli/commandLineText.ts: replayOf). */
export function htmlReport(document: ResultsDocument, replay: Replay, sections: SectionIndex = sectionIndex()): string {
  const curl = curlGuide(document, replay);
  const policy = [
    "default-src 'none'",
    `style-src ${sha256(REPORT_STYLE)}`,
    `script-src ${sha256(REPORT_SCRIPT)}`,
    "img-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${html(policy)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${html(`${verdictLabel(document)}: ${document.target.name}: banking-api-conformance`)}</title>`,
    `<style>${REPORT_STYLE}</style>`,
    '</head><body><main>',
    verdictBanner(document),
    containerView(document.container),
    runFacts(document),
    outcomeCounts(document),
    copedView(document.clientCoped),
    comparisonView(document.comparison),
    curlGuideView(document, curl),
    requirementMatrix(document.requirements, document.counts, sections, {
      replay: (itemId, requirementId) => replay.command(itemId, requirementId),
      curl,
    }),
    // Facts about the target, not judgements: after the matrix, collapsed.
    observationsView(document.requirements),
    `</main><script>${REPORT_SCRIPT}</script></body></html>`,
    '',
  ].join('\n');
}
