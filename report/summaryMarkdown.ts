import { isFailing, OUTCOMES } from '../harness/records/checkRecords.ts';
import { excusedRequirements } from '../verdict/expectedFailures.ts';
import type { RequirementResult } from '../verdict/requirementVerdict.ts';
import { describeThrottling } from '../verdict/throttleWording.ts';
import { runMetricsIn, type ResultsDocument } from '../verdict/resultsDocument.ts';
import { describeRunMetrics } from '../harness/records/runMetricsSummary.ts';
import type { Replay } from './reproduction.ts';
import { verdictLabel } from './verdictLabel.ts';
import { anyApplied, COPED_TITLE, copedMarkdown } from '../verdict/copedWording.ts';

// summary.md: the run in a few lines of Markdown for wherever CI shows Markdown
// (GitHub's step summary, a GitLab or Buildkite annotation, a PR comment): the
// verdict, the counts per outcome, each requirement that fails the run with its
// statement, what its check found and the command that replays it (the command line's words,
// handed in: cli/commandLineText.ts), the run's calls
// and waits (harness/records/runMetrics.ts), how a client's own command ended and coped with its
// perturbations, and throttling.

/** The requirements that fail the run: applicable MUSTs that are FAIL or UNTESTABLE, less those a baseline excuses. */
export function failingRequirements(document: ResultsDocument): RequirementResult[] {
  const excused = excusedRequirements(document.baseline?.known ?? [], document.requirements);
  return document.requirements.filter((result) => result.level === 'MUST' && isFailing(result.outcome) && !excused.has(result.id));
}

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
/** Inline code that a backtick in the text cannot end early. */
const code = (text: string): string => (text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);

function failureLines(result: RequirementResult, replay: Replay | undefined): string[] {
  const check = result.checks.find((candidate) => candidate.outcome === result.outcome);
  const source = `${result.source.document === 'api' ? 'API' : 'Event Catalog'} §${result.source.section}`;
  return [
    `- **${result.id}** ${result.outcome} (${source}): ${oneLine(result.statement)}`,
    `  - ${oneLine(check ? `${check.itemId}: ${check.message}` : (result.reason ?? 'no check recorded a result'))}`,
    ...(replay ? [`  - replay: ${code(replay.command(check?.itemId, result.id))}`] : []),
  ];
}

/** summary.md; without `replay` (the Action's own summary of a run that wrote none) a failure has no replay line. */
export function summaryMarkdown(document: ResultsDocument, replay?: Replay): string {
  const failing = failingRequirements(document);
  const lines = [
    `## Banking API conformance: ${verdictLabel(document)}`,
    '',
    `Target **${document.target.name}** (${document.target.baseUrl}, ${document.target.environment}) · suite ${document.suiteVersion} · seed ${document.seed}`,
    '',
    '| outcome | requirements |',
    '|---|---:|',
    ...OUTCOMES.map((outcome) => `| ${outcome} | ${document.counts[outcome]} |`),
    '',
  ];
  const metrics = runMetricsIn(document);
  if (metrics) lines.push(`Run: ${describeRunMetrics(metrics)}.`, '');
  const exit = document.clientExit;
  if (exit) lines.push(`Your client's command ${exit.signal ? `was ended by ${exit.signal}` : `exited ${exit.code}`}.`, '');
  if (anyApplied(document.clientCoped)) lines.push(`### ${COPED_TITLE}`, '', ...copedMarkdown(document.clientCoped), '');
  if (failing.length > 0)
    lines.push(`### Failing requirements (${failing.length})`, '', ...failing.flatMap((result) => failureLines(result, replay)), '');
  for (const entry of document.baseline?.stale ?? [])
    lines.push(`- stale baseline entry **${entry.requirement}**: it no longer fails; remove it (${entry.tracking})`);
  if (document.baseline?.stale.length) lines.push('');
  const throttled = document.throttling
    ? describeThrottling(document.throttling, Date.parse(document.finishedAt) - Date.parse(document.startedAt))
    : undefined;
  if (throttled) lines.push('### Throttling', '', throttled, '');
  lines.push('Full reports: `report.html` (open offline), `results.json`, `junit.xml` beside this file.');
  return `${lines.join('\n')}\n`;
}
