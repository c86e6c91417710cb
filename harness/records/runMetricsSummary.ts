import type { ConcurrencyUse, PacingUse, RunMetrics, ScenarioMetrics } from './runMetrics.ts';
import { counted } from './counted.ts';

// The run's figures from its scenarios' (harness/records/runMetrics.ts), and the one line the
// terminal and summary.md show of them.

/** Each scenario carries the run's limit as it finished; the one that saw the most changes finished last. */
function concurrencyOver(uses: readonly ConcurrencyUse[]): ConcurrencyUse | undefined {
  const latest = uses.reduce<ConcurrencyUse | undefined>((last, use) => (!last || use.changes >= last.changes ? use : last), undefined);
  if (!latest) return undefined;
  return {
    start: latest.start,
    min: Math.min(...uses.map((use) => use.min)),
    peak: Math.max(...uses.map((use) => use.peak)),
    final: latest.final,
    changes: latest.changes,
  };
}

/**
 * Undefined when no scenario brought figures back (a document of another command). Handed the reports of
 * every item; only a target's scenarios carry metrics, so the critical path names a scenario.
 */
export function runMetricsOf(reports: readonly { itemId: string; metrics?: ScenarioMetrics }[]): RunMetrics | undefined {
  const measured = reports.flatMap(({ itemId, metrics }) => (metrics ? [{ scenarioId: itemId, metrics }] : []));
  const concurrency = concurrencyOver(measured.map(({ metrics }) => metrics.concurrency));
  if (!concurrency) return undefined;
  // Each scenario carries the run's pace as it finished: the one that saw the most changes, the latest.
  const pacing = measured.reduce<PacingUse | undefined>(
    (last, { metrics }) => (metrics.pacing && (!last || metrics.pacing.changes >= last.changes) ? metrics.pacing : last),
    undefined,
  );
  const longest = measured.reduce((best, each) => (each.metrics.chainCalls > best.metrics.chainCalls ? each : best));
  const sum = (of: (metrics: ScenarioMetrics) => number): number => measured.reduce((total, { metrics }) => total + of(metrics), 0);
  return {
    calls: sum((metrics) => metrics.calls),
    retriedAfter429: {
      count: sum((metrics) => metrics.retriedAfter429.count),
      waitedMs: sum((metrics) => metrics.retriedAfter429.waitedMs),
    },
    criticalPath: {
      scenarioId: longest.scenarioId,
      ...(longest.metrics.chain ? { chain: longest.metrics.chain } : {}),
      calls: longest.metrics.chainCalls,
      targetWaitMs: longest.metrics.targetWaitMs,
    },
    targetWaitMs: sum((metrics) => metrics.targetWaitMs),
    concurrency,
    ...(pacing ? { pacing } : {}),
  };
}

/** The chain the critical path follows: a scenario, or one lane of it. */
export const describeCriticalPath = (path: RunMetrics['criticalPath']): string =>
  path.chain ? `${path.scenarioId} (${path.chain})` : path.scenarioId;

const seconds = (ms: number): string => `${Math.round(ms / 1000).toLocaleString('en')} s`;

function describeConcurrency(use: ConcurrencyUse): string {
  if (use.changes === 0) return `concurrency ${use.start}`;
  const range = use.min < use.start ? ` (least ${use.min}, most ${use.peak})` : use.peak > use.final ? ` (most ${use.peak})` : '';
  return `concurrency ${use.start}→${use.final}${range}`;
}

function describePacing(pacing: PacingUse | undefined): string {
  if (!pacing) return '';
  if (pacing.perSecond === undefined) return pacing.byCount ? ', 429s by count (pacing did not lower them)' : '';
  return `, paced at ${pacing.perSecond} calls/s learned from 429s`;
}

/** "3,140 calls (12 retried after 429, 14 s waited), critical path 41 calls in delivery/…, …, concurrency 4→16". */
export function describeRunMetrics(metrics: RunMetrics): string {
  const retried = metrics.retriedAfter429.count;
  const throttled = retried > 0 ? ` (${retried} retried after 429, ${seconds(metrics.retriedAfter429.waitedMs)} waited)` : '';
  return (
    `${counted(metrics.calls, 'call')}${throttled}, ` +
    `critical path ${counted(metrics.criticalPath.calls, 'call')} in ${describeCriticalPath(metrics.criticalPath)}, ` +
    `${seconds(metrics.targetWaitMs)} waited on the target's clock, ${describeConcurrency(metrics.concurrency)}${describePacing(metrics.pacing)}`
  );
}
