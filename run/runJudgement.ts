import type { ContainerRunRecord, ImageIdentity } from '../container/containerTarget.ts';
import type { CheckRecord } from '../harness/checkRecords.ts';
import { applyBaseline, excusedRequirements, loadExpectedFailures } from './expectedFailures.ts';
import type { RequirementCatalogue } from '../harness/requirementCatalogue.ts';
import type { WebhookFootprint } from '../harness/sharedState.ts';
import { countOutcomes, judgeRequirements, verdictOf } from './requirementVerdict.ts';
import { SetupError, type TargetInfo } from '../harness/targetManifest.ts';
import { addTallies, emptyTally } from '../harness/throttleRetry.ts';
import { runMetricsOf } from '../harness/runMetricsSummary.ts';
import { catalogueHash } from './catalogueHash.ts';
import { describeTarget, RESULTS_FORMAT_VERSION, type PartialRun, type ResultsDocument } from './resultsDocument.ts';
import { type ComparableResults, compareResults } from './resultsComparison.ts';
import type { Execution } from './runExecution.ts';
import type { RunPlan } from './runPlan.ts';
import type { Selection } from './scenarioSelection.ts';

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
  const reported = execution.scenarios.map((meta) => meta.scenarioId).sort();
  const stoppedEarly = plan.failFast && reported.length < expected.length;
  if (!stoppedEarly && JSON.stringify(expected) !== JSON.stringify(reported)) {
    throw new SetupError(
      `the run executed other scenarios than it planned (the suite's test layout changed): expected ${expected.length}, ran ${reported.length}`,
    );
  }
  const records: CheckRecord[] = execution.scenarios
    .flatMap((meta) => meta.records)
    .filter((record) => !selection.onlyRequirements || selection.onlyRequirements.has(record.requirementId));
  const selected = stoppedEarly ? requirementsOfReported(selection, reported) : selection.requirements;
  const narrowedBy = stoppedEarly ? [...selection.narrowedBy, '--fail-fast'] : selection.narrowedBy;
  // A narrowed run reports what it selected (and what its checks recorded on the way): nothing else.
  const results = judgeRequirements(catalogue, records, request.target, { selected, onlySelected: narrowedBy.length > 0 });
  const partial: PartialRun | undefined =
    narrowedBy.length > 0 ? { requirements: results.length, of: catalogue.all().length, narrowedBy } : undefined;
  const expectedFailures = request.baseline ? loadExpectedFailures(request.baseline, (id) => catalogue.has(id)) : undefined;
  const baselineOutcome = expectedFailures ? applyBaseline(expectedFailures, results) : undefined;
  const verdict =
    baselineOutcome && baselineOutcome.stale.length > 0
      ? 'non-conformant'
      : verdictOf(results, baselineOutcome ? excusedRequirements(baselineOutcome.known, results) : new Set());
  const throttling = execution.scenarios.reduce((sum, meta) => addTallies(sum, meta.throttling), emptyTally());
  const document: ResultsDocument = {
    formatVersion: RESULTS_FORMAT_VERSION,
    suiteVersion: request.suiteVersion,
    catalogueHash: catalogueHash(),
    target: { ...describeTarget(request.target), ...(request.image ? { image: request.image } : {}) },
    seed: plan.seed,
    ...(plan.scheduleSeed !== undefined ? { scheduleSeed: plan.scheduleSeed } : {}),
    areas: selection.areas,
    ...(plan.shard ? { shard: plan.shard } : {}),
    scenarioIds: selection.scenarios.map((scenario) => scenario.id).filter((id) => !stoppedEarly || reported.includes(id)),
    // What its checks recorded on the way (the shape of a response, its time-out) counts as selected too.
    selectedRequirements: [...new Set([...selected, ...records.map((record) => record.requirementId)])].sort(),
    startedAt: execution.startedAt,
    finishedAt: new Date().toISOString(),
    verdict,
    replayArguments: request.replayArguments,
    ...(partial ? { partial } : {}),
    counts: countOutcomes(results),
    ...runMetricsOf(execution.scenarios),
    requirements: results,
    ...(request.container ? { container: request.container } : {}),
  };
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
  const scheduleDependent = execution.scenarios.filter((meta) => meta.dependsOnSchedule).map((meta) => meta.scenarioId);
  if (scheduleDependent.length > 0) document.scheduleDependent = scheduleDependent;
  if (request.compare) document.comparison = compareResults(request.compare, document);
  if (request.baseline && baselineOutcome) document.baseline = { path: request.baseline, ...baselineOutcome };
  return document;
}
