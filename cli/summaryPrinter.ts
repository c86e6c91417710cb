import type { RequirementResult, Verdict } from '../harness/requirementVerdict.ts';
import type { Outcome } from '../harness/checkRecords.ts';
import type { BaselineOutcome } from '../harness/expectedFailures.ts';

// The closing summary: one line per requirement, grouped by prefix, then the verdict.

const WIDTH = 110;

function line(result: RequirementResult): string {
  const note = result.outcome === 'FAIL' || result.outcome === 'WARN' || result.outcome === 'UNTESTABLE'
    ? result.checks.find((check) => check.outcome === result.outcome)?.message ?? result.reason ?? ''
    : result.outcome === 'SKIP' ? result.reason ?? '' : result.statement;
  const text = `  ${result.outcome.padEnd(10)} ${result.id.padEnd(34)} ${note.replace(/\s+/g, ' ')}`;
  return text.length > WIDTH ? `${text.slice(0, WIDTH - 1)}…` : text;
}

export function printSummary(results: readonly RequirementResult[], counts: Record<Outcome, number>, verdict: Verdict, write: (text: string) => void): void {
  write('');
  write('Requirements');
  let prefix = '';
  for (const result of results) {
    const next = result.id.split('-')[0] ?? '';
    if (next !== prefix) {
      prefix = next;
      write(` ${prefix}`);
    }
    write(line(result));
  }
  const mustFailing = results.filter((result) => result.level === 'MUST' && (result.outcome === 'FAIL' || result.outcome === 'UNTESTABLE'));
  write('');
  write(`Outcomes: ${Object.entries(counts).map(([outcome, count]) => `${count} ${outcome}`).join(', ')}`);
  write(verdict === 'conformant'
    ? 'Verdict: CONFORMANT: every applicable MUST requirement passed.'
    : `Verdict: NON-CONFORMANT: ${mustFailing.length} MUST requirement(s) failed: ${mustFailing.map((result) => result.id).join(', ')}`);
}

export function printBaseline(outcome: BaselineOutcome, write: (text: string) => void): void {
  for (const entry of outcome.known) write(`Known failure (baseline): ${entry.requirement}${entry.check ? ` in ${entry.check}` : ''}: ${entry.reason} [${entry.tracking}]`);
  for (const entry of outcome.stale) write(`STALE baseline entry: ${entry.requirement}${entry.check ? ` in ${entry.check}` : ''} no longer fails; remove it [${entry.tracking}]`);
}
