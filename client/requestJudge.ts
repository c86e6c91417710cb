import { requirementCatalogue } from '../harness/documents/requirementCatalogue.ts';
import { OPERATIONS as operationsInOrder, type OperationName } from '../harness/documents/operationCatalogue.ts';
import { CheckRecorder } from '../harness/records/checkRecorder.ts';
import type { CheckRecord } from '../harness/records/checkRecords.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { CLIENT_CHECKS, type ClientCheck, type JudgedCall } from './clientChecks.ts';
import { operationLabel, operationOf } from './operationOf.ts';
import { excerptOf, type RecordedRequest } from './recordedRequest.ts';

// The client's recorded requests judged: pure, from the requests to check records
// naming CL requirements. A check whose operations the client never called SKIPs
// with the reason; which documented operations it called is recorded too
// (CL-OPERATIONS-EXERCISED). Nothing a request holds can make it throw.

export const COVERAGE_CHECK = 'client/operations';
const COVERAGE = 'CL-OPERATIONS-EXERCISED';
export const NO_CALL = 'the client made no call';

export interface ClientJudgement {
  records: CheckRecord[];
  /** Check ids, in order, as a results document lists scenario ids. */
  checkIds: string[];
  /** The documented operations the client called, in the catalogue's order, and how often. */
  exercised: Partial<Record<OperationName, number>>;
  /** Requests to no documented operation (`GET /nowhere`), as sent. */
  undocumented: string[];
  /** How many requests the client made in all. */
  calls: number;
}

function readJson(body: Buffer): JudgedCall['json'] {
  if (body.length === 0) return undefined;
  try {
    return { value: JSON.parse(body.toString('utf8')) as unknown };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

const neverCalled = (operations: readonly OperationName[]): string =>
  operations.length === 1
    ? `the client never called ${operationLabel(operations[0]!)}`
    : `the client never called any of ${operations.map(operationLabel).join(', ')}`;

function judgeCheck(clientCheck: ClientCheck, calls: readonly JudgedCall[], madeAny: boolean, redactor: SecretRedactor): CheckRecord[] {
  const { id, requirements, operations } = clientCheck;
  const check = new CheckRecorder(requirementCatalogue('client'), id, new Set(requirements), redactor);
  const own = calls.filter((call) => operations.includes(call.operation));
  if (own.length === 0) check.skipAll(requirements, madeAny ? neverCalled(operations) : NO_CALL);
  for (const call of own) {
    try {
      clientCheck.judge(call, check);
    } catch (error) {
      // A judge that cannot read a request is the suite's fault: said against the call, never a crash of the run.
      for (const requirement of requirements)
        check.untestable(requirement, `${call.subject}: the judge could not read the request: ${(error as Error).message}`, {
          exchange: call.exchange,
        });
    }
  }
  // A requirement about something no call carried (no `page[limit]`, no `expirationDate`) has nothing to judge.
  const called = [...new Set(own.map((call) => call.operation))];
  for (const requirement of requirements)
    if (own.length > 0 && check.outcomesFor(requirement).length === 0)
      check.skip(requirement, `the client called ${called.join(', ')}, but no call carried what this judges`);
  return check.records();
}

function coverage(judged: Omit<ClientJudgement, 'records' | 'checkIds'>, redactor: SecretRedactor): CheckRecord[] {
  const check = new CheckRecorder(requirementCatalogue('client'), COVERAGE_CHECK, new Set([COVERAGE]), redactor);
  if (Object.keys(judged.exercised).length === 0) check.skip(COVERAGE, NO_CALL);
  else {
    const called = Object.keys(judged.exercised) as OperationName[];
    const untouched = (Object.keys(operationsInOrder) as OperationName[]).filter((name) => !called.includes(name));
    const undocumented = judged.undocumented.length > 0 ? `; ${judged.undocumented.length} to no documented operation` : '';
    check.observe(
      COVERAGE,
      { exercised: judged.exercised, untouched, undocumented: judged.undocumented },
      `the client called ${called.length} documented operations (${called.join(', ')}) and never ${untouched.length}${undocumented}`,
    );
  }
  return check.records();
}

/** The recorded requests judged against every CL requirement. `baseUrl` is where the client sent them (for each curl line). */
export function judgeClientRequests(requests: readonly RecordedRequest[], baseUrl: string, redactor: SecretRedactor): ClientJudgement {
  const calls: JudgedCall[] = [];
  const exercised: Partial<Record<OperationName, number>> = {};
  const undocumented: string[] = [];
  for (const request of requests) {
    const pathname = request.target.split('?')[0] ?? '/';
    const operation = operationOf(request.method, pathname);
    if (!operation) {
      undocumented.push(`${request.method} ${pathname}`);
      continue;
    }
    exercised[operation] = (exercised[operation] ?? 0) + 1;
    calls.push({
      request,
      operation,
      subject: `${request.method} ${pathname}`,
      json: readJson(request.body),
      exchange: excerptOf(request, baseUrl, redactor),
    });
  }
  const ordered = Object.fromEntries(
    (Object.keys(operationsInOrder) as OperationName[]).filter((name) => exercised[name]).map((name) => [name, exercised[name]]),
  ) as Partial<Record<OperationName, number>>;
  const summary = { exercised: ordered, undocumented, calls: requests.length };
  const records = [
    ...CLIENT_CHECKS.flatMap((check) => judgeCheck(check, calls, calls.length > 0, redactor)),
    ...coverage(summary, redactor),
  ];
  return { records, checkIds: [...CLIENT_CHECKS.map((check) => check.id), COVERAGE_CHECK], ...summary };
}

/** Every CL requirement some check declares, the coverage included: what the client command judges. */
export const CLIENT_REQUIREMENTS: readonly string[] = [...new Set([...CLIENT_CHECKS.flatMap((check) => check.requirements), COVERAGE])];
