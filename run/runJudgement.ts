import type { ContainerRunRecord, ImageIdentity } from '../container/containerTarget.ts';
import type { CheckRecord } from '../harness/records/checkRecords.ts';
import { applyBaseline, excusedRequirements, loadExpectedFailures } from './expectedFailures.ts';
import type { RequirementCatalogue } from '../harness/documents/requirementCatalogue.ts';
import type { WebhookFootprint } from '../harness/target/sharedState.ts';
import { countOutcomes, judgeRequirements, verdictOf } from './requirementVerdict.ts';
import { SetupError, type TargetInfo } from '../harness/target/targetManifest.ts';
import { addTallies, emptyTally } from '../harness/target/throttleRetry.ts';
import { runMetricsOf } from '../harness/records/runMetricsSummary.ts';
import { catalogueHash } from './catalogueHash.ts';
import { type DescribedTarget, describeTarget, RESULTS_FORMAT_VERSION, type ResultsDocument } from './resultsDocument.ts';
import { type ComparableResults, compareResults } from './resultsComparison.ts';
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

/** What either command judges into a results document: the check records of its scenarios or cases, and what they ran against. */
export interface JudgedRecords {
  command: NonNullable<ResultsDocument['command']>;
  /** The catalogue of the command's subject: the target's for `run`, the receiver's for `receiver`. */
  catalogue: RequirementCatalogue;
  target: DescribedTarget;
  suiteVersion: string;
  seed: number;
  areas: string[];
  scenarioIds: string[];
  records: readonly CheckRecord[];
  /** Requirements the scenarios could record: the rest is "not selected". */
  selected: ReadonlySet<string>;
  /** Report only what was selected or recorded (a narrowed run). */
  onlySelected?: boolean;
  startedAt: string;
  replayArguments: string[];
}

/** The one assembly of a results document, for `run` and `receiver` alike: requirement outcomes, the verdict, the counts. */
export function judgedDocument(judged: JudgedRecords): ResultsDocument {
  const { catalogue, records, target, selected } = judged;
  const results = judgeRequirements(catalogue, records, target, { selected, onlySelected: judged.onlySelected ?? false });
  return {
    formatVersion: RESULTS_FORMAT_VERSION,
    suiteVersion: judged.suiteVersion,
    catalogueHash: catalogueHash(),
    target: describeTarget(target),
    seed: judged.seed,
    areas: judged.areas,
    scenarioIds: judged.scenarioIds,
    // What its checks recorded on the way (the shape of a response, its time-out) counts as selected too.
    selectedRequirements: [...new Set([...selected, ...records.map((record) => record.requirementId)])].sort(),
    startedAt: judged.startedAt,
    finishedAt: new Date().toISOString(),
    verdict: verdictOf(results),
    command: judged.command,
    replayArguments: judged.replayArguments,
    counts: countOutcomes(results),
    requirements: results,
  };
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
    scenarioIds: selection.scenarios.map((scenario) => scenario.id).filter((id) => !stoppedEarly || reported.includes(id)),
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
  const expectedFailures = request.baseline ? loadExpectedFailures(request.baseline, (id) => catalogue.has(id)) : undefined;
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
  const scheduleDependent = execution.scenarios.filter((meta) => meta.dependsOnSchedule).map((meta) => meta.scenarioId);
  if (scheduleDependent.length > 0) document.scheduleDependent = scheduleDependent;
  if (request.compare) document.comparison = compareResults(request.compare, document);
  if (request.baseline && baselineOutcome) document.baseline = { path: request.baseline, ...baselineOutcome };
  return document;
}
