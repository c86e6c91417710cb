import type { OperationName } from '../contract/catalogue/operationCatalogue.ts';
import {
  clauseApplies,
  clausesFor,
  contractRequest,
  type ContractRequest,
  type Deviation,
  REQUEST_CLAUSE_REQUIREMENTS,
  REQUEST_CLAUSES,
  requestDeviations,
} from '../contract/catalogue/requestContract.ts';
import { requirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import type { CheckRecorder } from '../harness/records/checkRecorder.ts';
import type { JudgedCall } from './clientChecks.ts';

// The client's calls judged by the request contract (contract/catalogue/requestContract.ts),
// the description the emulator refuses requests by: each deviation reported under its
// clause's requirement, at that requirement's level.

/** What this judges: every requirement a clause of the contract is judged under, in the catalogue's order. */
export const CONTRACT_REQUIREMENTS: readonly string[] = requirementCatalogue('client')
  .all()
  .map((requirement) => requirement.id)
  .filter((id) => REQUEST_CLAUSE_REQUIREMENTS.includes(id));

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
  const found = calls.flatMap((call) => {
    const request = contractRequestOf(call);
    const clauses = clausesFor(call.operation).filter((one) => one.requirement === requirement && clauseApplies(one, request));
    if (clauses.length === 0) return [];
    const ids = new Set(clauses.map((one) => one.id));
    return [{ call, deviations: requestDeviations(call.operation, request, (one) => ids.has(one.id)) }];
  });
  if (found.length === 0) {
    const called = [...new Set(calls.map((call) => call.operation))];
    return check.skip(requirement, `the client called ${called.join(', ')}, but no call carried what this judges`);
  }
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
      ? `none of its ${found.length} calls`
      : `${deviating.length} of its ${found.length} calls, first ${first!.call.subject}: ${first!.deviations.map(described).join('; ')}`,
    first ? { exchange: first.call.exchange } : undefined,
  );
}
