import { FileSystemWriter, ReporterRuntime } from 'allure-js-commons/sdk/reporter';
import { Status } from 'allure-js-commons';
import type { CheckRecord } from '../harness/checkRecords.ts';
import type { RequirementCatalogue } from '../harness/requirementCatalogue.ts';
import type { SecretRedactor } from '../harness/secretRedactor.ts';
import { type AllureSubject, allureView } from './allureLabels.ts';
import { freshAllureResultsDir } from './allureResultsDirectory.ts';

// Allure results written straight from check records, for a command whose checks
// do not run as vitest tests (the receiver command): one test per case, labelled
// and attached exactly as a scenario's test is (report/allureLabels.ts).

export interface AllureCase extends AllureSubject {
  /** Epoch ms the case started and finished. */
  start: number;
  stop: number;
}

function statusOf(records: readonly CheckRecord[]): Status {
  if (records.some((record) => record.outcome === 'FAIL')) return Status.FAILED;
  if (records.some((record) => record.outcome === 'UNTESTABLE')) return Status.BROKEN;
  if (records.length > 0 && records.every((record) => record.outcome === 'SKIP')) return Status.SKIPPED;
  return Status.PASSED;
}

export function writeAllureCases(
  reportDir: string,
  cases: readonly AllureCase[],
  catalogue: RequirementCatalogue,
  environment: Record<string, string>,
  redactor: SecretRedactor,
): string {
  const resultsDir = freshAllureResultsDir(reportDir);
  const runtime = new ReporterRuntime({ writer: new FileSystemWriter({ resultsDir }), environmentInfo: environment });
  for (const subject of cases) {
    const view = allureView(subject, catalogue);
    const failing = subject.records.find((record) => record.outcome === 'FAIL' || record.outcome === 'UNTESTABLE');
    const uuid = runtime.startTest({
      name: subject.title,
      fullName: subject.scenarioId,
      testCaseId: subject.scenarioId,
      historyId: subject.scenarioId,
      description: view.description,
      status: statusOf(subject.records),
      statusDetails: failing ? { message: redactor.text(`${failing.requirementId} ${failing.outcome}: ${failing.message}`) } : {},
      labels: [
        { name: 'epic', value: view.epic },
        { name: 'feature', value: view.feature },
        ...view.stories.map((story) => ({ name: 'story', value: story })),
        { name: 'severity', value: view.severity },
      ],
      start: subject.start,
    });
    for (const attachment of view.attachments) {
      runtime.writeAttachment(uuid, null, attachment.name, Buffer.from(redactor.text(attachment.content)), {
        contentType: attachment.contentType,
      });
    }
    runtime.stopTest(uuid, { stop: subject.stop });
    runtime.writeTest(uuid);
  }
  runtime.writeEnvironmentInfo();
  return resultsDir;
}
