import type { ContainerRunRecord, ImageIdentity } from '../container/containerTarget.ts';
import type { CheckRecord } from '../harness/records/checkRecords.ts';
import { applyBaseline, excusedRequirements, loadExpectedFailures } from '../verdict/expectedFailures.ts';
import type { RequirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import type { WebhookFootprint } from '../harness/targetIO/heldWebhooks.ts';
import { verdictOf } from '../verdict/requirementVerdict.ts';
import { judgedDocument } from '../verdict/judgement.ts';
import type { TargetInfo } from '../harness/targetIO/targetManifest.ts';
import { SetupError } from '../harness/records/setupError.ts';
import { addTallies, emptyTally } from '../harness/targetIO/throttleRetry.ts';
import { runMetricsOf } from '../harness/records/runMetricsSummary.ts';
import type { ResultsDocument } from '../verdict/resultsDocument.ts';
import { type ComparableResults, compareResults } from '../verdict/resultsComparison.ts';
import type { Execution } from './runExecution.ts';
import type { RunPlan } from './runPlan.ts';
import type { NarrowingText, Selection } from './scenarioSelection.ts';

// The judge stage: from the plan and the check records the execution brought
// back to the results document — requirement outcomes, the verdict, a partial
// run's extent, the baseline of expected failures and the comparison with an
// earlier run. Reporters read only what this returns.

export interface JudgementRequest {
  plan: RunPlan;
  execution: Execution;
  catalogue: RequirementCatalogue;
  target: TargetInfo;
  suiteVersion: string;
  image?: ImageIdentity;
  container?: ContainerRunRecord;
  /** The options that chose the target, for each failure's replay command. */
  replayArguments: string[];
  /** How the partial run's narrowing is told in results.json; needed by a narrowed run. */
  narrowingText?: NarrowingText;
  /** --baseline FILE: the target's expected failures. */
  baseline?: string;
  /** --compare FILE: an earlier results.json, read before the run. */
  compare?: ComparableResults;
}

/** After --fail-fast stopped the run: the selected requirements of the scenarios that ran. */
function requirementsOfReported(selection: Selection, reported: readonly string[]): Set<string> {
  const ran = new Set(reported);
  const declared = new Set(selection.scenarios.filter((scenario) => ran.has(scenario.id)).flatMap((scenario) => scenario.requirements));
  return new Set(
    [...selection.requirements].filter(
      (id) => declared.has(id) || !selection.scenarios.some((scenario) => scenario.requirements.includes(id)),
    ),
  );
}

export function judgeRun(request: JudgementRequest): ResultsDocument {
  const { plan, execution, catalogue } = request;
  const { selection } = plan;
  if (execution.suiteErrors.length > 0) {
    throw new SetupError(`the suite itself failed, not the target: ${execution.suiteErrors[0]}`);
  }
  const expected = selection.scenarios.map((scenario) => scenario.id).sort();
  const reported = execution.scenarios.map((meta) => meta.itemId).sort();
  const stoppedEarly = plan.failFast && reported.length < expected.length;
  if (!stoppedEarly && JSON.stringify(expected) !== JSON.stringify(reported)) {
    throw new SetupError(
      `the run executed other scenarios than it planned (the suite's test layout changed): expected ${expected.length}, ran ${reported.length}`,
    );
  }
  const records: CheckRecord[] = execution.scenarios
    .flatMap((meta) => meta.records)
    .filter((record) => !selection.onlyRequirements || selection.onlyRequirements.has(record.requirementId))
    .filter((record) => !selection.skippedRequirements?.has(record.requirementId));
  const selected = stoppedEarly ? requirementsOfReported(selection, reported) : selection.requirements;
  const narrowedBy = stoppedEarly ? { ...selection.narrowedBy, failFast: true as const } : selection.narrowedBy;
  const document = judgedDocument({
    command: 'run',
    catalogue,
    target: request.target,
    suiteVersion: request.suiteVersion,
    seed: plan.seed,
    areas: selection.areas,
    itemIds: selection.scenarios.map((scenario) => scenario.id).filter((id) => !stoppedEarly || reported.includes(id)),
    records,
    selected,
    // A narrowed run reports what it selected (and what its checks recorded on the way): nothing else.
    onlySelected: narrowedBy !== undefined,
    startedAt: execution.startedAt,
    replayArguments: request.replayArguments,
  });
  const results = document.requirements;
  if (request.image) document.target.image = request.image;
  if (plan.scheduleSeed !== undefined) document.scheduleSeed = plan.scheduleSeed;
  if (plan.shard) document.shard = plan.shard;
  if (narrowedBy) {
    // A slip of the caller, not of the target: results.json would say the run was partial without saying how.
    if (!request.narrowingText) throw new Error('a narrowed run was judged without the words that tell its narrowing');
    document.partial = { requirements: results.length, of: catalogue.all().length, narrowedBy: request.narrowingText(narrowedBy) };
  }
  const expectedFailures = request.baseline
    ? loadExpectedFailures(
        request.baseline,
        catalogue.all().map((requirement) => requirement.id),
      )
    : undefined;
  const baselineOutcome = expectedFailures ? applyBaseline(expectedFailures, results) : undefined;
  if (baselineOutcome) {
    document.verdict =
      baselineOutcome.stale.length > 0 ? 'non-conformant' : verdictOf(results, excusedRequirements(baselineOutcome.known, results));
  }
  Object.assign(document, runMetricsOf(execution.scenarios));
  if (request.container) document.container = request.container;
  const throttling = execution.scenarios.reduce((sum, meta) => (meta.throttling ? addTallies(sum, meta.throttling) : sum), emptyTally());
  if (throttling.tooManyRequests + throttling.unavailable > 0) document.throttling = throttling;
  const footprints = execution.scenarios.flatMap((meta) => (meta.webhooks ? [meta.webhooks] : []));
  // Each scenario carries the run's counters when it finished; they only grow, so the largest are the run's.
  const most = (key: keyof WebhookFootprint): number => Math.max(0, ...footprints.map((footprint) => footprint[key]));
  const webhookFootprint: WebhookFootprint = {
    peakHeld: most('peakHeld'),
    budget: most('budget'),
    limitWaits: most('limitWaits'),
    limitWaitedMs: most('limitWaitedMs'),
  };
  if (webhookFootprint.peakHeld > 0 || webhookFootprint.limitWaits > 0) document.webhookFootprint = webhookFootprint;
  const scheduleDependent = execution.scenarios.filter((meta) => meta.dependsOnSchedule).map((meta) => meta.itemId);
  if (scheduleDependent.length > 0) document.scheduleDependent = scheduleDependent;
  if (request.compare) document.comparison = compareResults(request.compare, document);
  if (request.baseline && baselineOutcome) document.baseline = { path: request.baseline, ...baselineOutcome };
  return document;
}
