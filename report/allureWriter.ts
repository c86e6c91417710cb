import { LabelName, Stage, Status, type Label } from 'allure-js-commons';
import {
  getEnvironmentLabels,
  getFallbackTestCaseIdLabel,
  getHostLabel,
  getLanguageLabel,
  getThreadLabel,
  md5,
  ReporterRuntime,
} from 'allure-js-commons/sdk/reporter';
import type { ItemReport } from '../harness/engine/engineEvents.ts';
import { testOutcome } from '../harness/engine/testOutcome.ts';
import { requirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import { suiteName } from '../contract/catalogue/suiteVersion.ts';
import { DeferredAllureWriter } from './allureDeferredWriter.ts';
import { allureView } from './allureLabels.ts';
import { freshAllureResultsDir } from './allureResultsDirectory.ts';

// The Allure face of `run` and `receiver`: one Allure test per scenario's report, written
// straight to DIR/allure-results with allure-js-commons' reporter runtime, the labels,
// description and evidence of report/allureLabels.ts, timed as the scenario ran. Nothing runs
// or is judged again: each test ends as harness/engine/testOutcome.ts reads its report.

/**
 * Where allure-vitest placed these tests when it wrote them (a run's face until issue 41, and
 * `npx vitest --project conformance` still): the same full name keeps Allure's history id, so
 * a project's trend carries on across the change, and both routes fall in one tree.
 */
const CONFORMANCE_FILE = ['suites', 'run.conformance.ts'] as const;

const SUITE_NAME = suiteName();

const STATUS = { passed: Status.PASSED, failed: Status.FAILED, broken: Status.BROKEN, skipped: Status.SKIPPED } as const;

/** What allure-vitest labels a test with, but named for what writes it. */
function placeLabels(group: string, fullNameInFile: string): Label[] {
  return [
    { name: LabelName.FRAMEWORK, value: SUITE_NAME },
    getLanguageLabel(),
    { name: LabelName.PARENT_SUITE, value: group },
    ...getEnvironmentLabels(),
    getHostLabel(),
    getThreadLabel(),
    getFallbackTestCaseIdLabel(md5(`${CONFORMANCE_FILE.join('/')}#${fullNameInFile}`)),
    { name: LabelName.PACKAGE, value: [SUITE_NAME, ...CONFORMANCE_FILE].join('.') },
  ];
}

function writeTest(runtime: ReporterRuntime, report: ItemReport): void {
  const name = `[${report.requirements.join(' ')}] ${report.title}`;
  const inFile = `${report.group} ${name}`;
  const view = allureView({ ...report, area: report.group }, requirementCatalogue(report.subject));
  const outcome = testOutcome(report);
  const stop = report.startedMs + report.durationMs;
  const uuid = runtime.startTest({
    name,
    fullName: `${SUITE_NAME}:${CONFORMANCE_FILE.join('/')}#${inFile}`,
    titlePath: [SUITE_NAME, ...CONFORMANCE_FILE, report.group],
    description: view.description,
    status: STATUS[outcome.status],
    // A test skipped never started, as allure-vitest wrote it.
    stage: outcome.status === 'skipped' ? Stage.PENDING : Stage.FINISHED,
    ...(outcome.status === 'failed' || outcome.status === 'broken' ? { statusDetails: { message: outcome.message } } : {}),
    labels: [
      ...placeLabels(report.group, inFile),
      { name: LabelName.EPIC, value: view.epic },
      { name: LabelName.FEATURE, value: view.feature },
      ...view.stories.map((story) => ({ name: LabelName.STORY, value: story })),
      { name: LabelName.SEVERITY, value: view.severity },
    ],
    start: report.startedMs,
  });
  for (const attachment of view.attachments)
    runtime.writeAttachment(uuid, undefined, attachment.name, Buffer.from(attachment.content), {
      contentType: attachment.contentType,
      wrapInStep: true,
      timestamp: stop,
    });
  runtime.stopTest(uuid, { stop });
  runtime.writeTest(uuid);
}

/** DIR/allure-results, emptied and written: one test per report (already redacted), and environment.properties. */
export async function writeAllureResults(
  reportDir: string,
  reports: readonly ItemReport[],
  environment: Record<string, string>,
): Promise<string> {
  const resultsDir = freshAllureResultsDir(reportDir);
  const writer = new DeferredAllureWriter(resultsDir);
  const runtime = new ReporterRuntime({ writer, environmentInfo: environment });
  runtime.writeEnvironmentInfo();
  for (const report of reports) writeTest(runtime, report);
  await writer.settled();
  return resultsDir;
}
