import type { OperationName } from '../contract/catalogue/operationCatalogue.ts';
import {
  contractRequest,
  type ContractRequest,
  type Deviation,
  REQUEST_CLAUSES,
  requestDeviations,
} from '../contract/catalogue/requestContract.ts';
import { requirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import type { CheckRecorder } from '../harness/records/checkRecorder.ts';
import type { JudgedCall } from './clientChecks.ts';

// The client's calls judged by the request contract (contract/catalogue/requestContract.ts),
// the description the emulator refuses requests by: each deviation reported under its
// clause's requirement, at that requirement's level. The requirements judged here are
// those no check of client/clientChecks.ts judges already.

/** What this judges: the contract's requirements that came with it. */
export const CONTRACT_REQUIREMENTS: readonly string[] = [
  'CL-PATH-IDS',
  'CL-QUERY-PARAMETERS',
  'CL-UNDOCUMENTED-QUERY',
  'CL-NO-BODY',
  'CL-UNDOCUMENTED-BODY',
  'CL-CLOSED-ATTRIBUTES',
  'CL-UNDOCUMENTED-ATTRIBUTES',
  'CL-RESPONSE-ONLY-ATTRIBUTES',
  'CL-SANDBOX-BODIES',
];

/** The operations whose clauses a requirement judges. */
export const operationsJudgedBy = (requirement: string): OperationName[] => [
  ...new Set(REQUEST_CLAUSES.filter((clause) => clause.requirement === requirement).map((clause) => clause.operation)),
];

export function contractRequestOf(call: JudgedCall): ContractRequest {
  const { request } = call;
  return contractRequest(call.operation, request.target, request.headers, request.body, request.bodySize ?? request.body.length);
}

const described = (deviation: Deviation): string => `${deviation.where}: expected ${deviation.expected}; got ${deviation.got}`;

/** One requirement over the calls of its operations: a record per call where judged, one observation where open. */
export function judgeContractRequirement(requirement: string, calls: readonly JudgedCall[], check: CheckRecorder): void {
  const level = requirementCatalogue('client').get(requirement).level;
  const found = calls.map((call) => ({
    call,
    deviations: requestDeviations(call.operation, contractRequestOf(call)).filter((one) => one.clause.requirement === requirement),
  }));
  if (level !== 'OBSERVE') {
    for (const { call, deviations } of found)
      check.expect(
        requirement,
        deviations.length === 0,
        `${call.subject}: ${deviations.length === 0 ? 'as documented' : deviations.map(described).join('; ')}`,
        { exchange: call.exchange },
      );
    return;
  }
  const deviating = found.filter(({ deviations }) => deviations.length > 0);
  const value = deviating.map(({ call, deviations }) => ({ call: call.subject, found: deviations.map(described) }));
  const first = deviating[0];
  check.observe(
    requirement,
    value,
    deviating.length === 0
      ? `none of its ${calls.length} calls`
      : `${deviating.length} of its ${calls.length} calls, first ${first!.call.subject}: ${first!.deviations.map(described).join('; ')}`,
    first ? { exchange: first.call.exchange } : undefined,
  );
}
