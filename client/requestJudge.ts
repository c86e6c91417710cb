import { requirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import { OPERATIONS as operationsInOrder, type OperationName } from '../contract/catalogue/operationCatalogue.ts';
import { CheckRecorder } from '../harness/records/checkRecorder.ts';
import type { CheckRecord } from '../harness/records/checkRecords.ts';
import type { SecretRedactor } from '../harness/records/secretRedactor.ts';
import { derivedTitle } from '../harness/engine/scenario.ts';
import { CLIENT_CHECKS, CLIENT_GROUP, type ClientCheck, type JudgedCall, observeScopes, SCOPES_HELD } from './clientChecks.ts';
import { CONTRACT_REQUIREMENTS, judgeContractRequirement, operationsJudgedBy } from './contractChecks.ts';
import { operationLabel, operationOf } from './operationOf.ts';
import { judgePerturbation, PERTURBATION_REQUIREMENTS } from './perturbationChecks.ts';
import type { PerturbedRun } from './perturbedRun.ts';
import { PERTURBATION_NAMES } from './perturbations.ts';
import { excerptOf, type RecordedRequest } from './recordedRequest.ts';
import { CONTROL_PREFIX, CONTROL_ROUTES } from '../contract/facts/controlRoutes.ts';

// The client's recorded requests judged: pure, from the requests to check records
// naming CL requirements, one item at a time (the engine's items, client/clientSubject.ts)
// or all at once. A check whose operations the client never called SKIPs with the
// reason; which documented operations it called is recorded too
// (CL-OPERATIONS-EXERCISED). Nothing a request holds can make it throw.

export const COVERAGE_CHECK = 'client/operations';
const COVERAGE = 'CL-OPERATIONS-EXERCISED';
export const NO_CALL = 'the client made no call';
/** Where the client mints a token of its own (client --wait says so): none of its calls. */
const MINT_TOKEN_PATH = `${CONTROL_PREFIX}${CONTROL_ROUTES.mintToken.path}`;

/** The recorded requests read once: each call of a documented operation with its body parsed, and what was called. */
export interface ClientCalls {
  calls: JudgedCall[];
  /** The documented operations the client called, in the catalogue's order, and how often. */
  exercised: Partial<Record<OperationName, number>>;
  /** Requests to no documented operation (`GET /nowhere`), as sent. */
  undocumented: string[];
  /** How many requests the client made in all. */
  requests: number;
  /** What was still live in the emulator once the command exited; absent when it was not read. */
  leftBehind?: LeftBehind;
  /** The perturbations the run's plan chose (client/perturbations.ts); none when absent. */
  plan?: PerturbedRun['plan'];
  /** How the client's command ended; absent for a client started elsewhere. */
  exit?: PerturbedRun['exit'];
  /** Why the planned perturbations not made were not (client --target). */
  unavailable?: PerturbedRun['unavailable'];
  /** Which chance of each perturbation the plan or the seed placed it at, where not its first. */
  placedAt?: PerturbedRun['placedAt'];
  /** Why the target's state (the scopes each token holds, what was left live) was not read: it is not the embedded emulator. */
  stateUnread?: string;
}

/** The client's resources still live when its command exited (API 3.1, 3.2). */
export interface LeftBehind {
  enabledWebhooks: number;
  activeRules: number;
}

/** One item the client command judges: a check of client/clientChecks.ts, or the coverage. */
export interface ClientItem {
  id: string;
  title: string;
  requirements: readonly string[];
  judgeAll(calls: ClientCalls, check: CheckRecorder): void;
}

export interface ClientJudgement extends Omit<ClientCalls, 'calls'> {
  records: CheckRecord[];
  /** Item ids, in order, as a results document lists scenario ids. */
  checkIds: string[];
}

function readJson(body: Buffer): JudgedCall['json'] {
  if (body.length === 0) return undefined;
  try {
    return { value: JSON.parse(body.toString('utf8')) as unknown };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** How the reason of a requirement whose operations the client never called begins, for a summary that folds them. */
export const NEVER_CALLED = 'the client never called';
const neverCalled = (operations: readonly OperationName[]): string =>
  operations.length === 1
    ? `${NEVER_CALLED} ${operationLabel(operations[0]!)}`
    : `${NEVER_CALLED} any of ${operations.map(operationLabel).join(', ')}`;

/** A check judged over every call of its operations. */
const perCall = (clientCheck: ClientCheck): ClientItem => ({
  id: clientCheck.id,
  title: clientCheck.title,
  requirements: clientCheck.requirements,
  judgeAll({ calls }, check) {
    const { requirements, operations } = clientCheck;
    const own = calls.filter((call) => operations.includes(call.operation));
    if (own.length === 0) check.skipAll(requirements, calls.length > 0 ? neverCalled(operations) : NO_CALL);
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
  },
});

/** The request contract's own requirements, one item each: its calls judged by contract/catalogue/requestContract.ts. */
const contractItems: ClientItem[] = CONTRACT_REQUIREMENTS.map((requirement) => {
  const id = `${CLIENT_GROUP}/${requirement.slice('CL-'.length).toLowerCase()}`;
  const operations = operationsJudgedBy(requirement);
  return {
    id,
    title: derivedTitle({ id, requirements: [requirement], area: CLIENT_GROUP }, requirementCatalogue('client')),
    requirements: [requirement],
    judgeAll({ calls }, check) {
      const own = calls.filter((call) => operations.includes(call.operation));
      if (own.length === 0) return check.skip(requirement, calls.length > 0 ? neverCalled(operations) : NO_CALL);
      judgeContractRequirement(requirement, own, check);
    },
  };
});

const coverage: ClientItem = {
  id: COVERAGE_CHECK,
  title: derivedTitle({ id: COVERAGE_CHECK, requirements: [COVERAGE], area: CLIENT_GROUP }, requirementCatalogue('client')),
  requirements: [COVERAGE],
  judgeAll({ exercised, undocumented }, check) {
    const called = Object.keys(exercised) as OperationName[];
    if (called.length === 0) return check.skip(COVERAGE, NO_CALL);
    const untouched = (Object.keys(operationsInOrder) as OperationName[]).filter((name) => !called.includes(name));
    const elsewhere = undocumented.length > 0 ? `; ${undocumented.length} to no documented operation` : '';
    check.observe(
      COVERAGE,
      { exercised, untouched, undocumented },
      `the client called ${called.length} documented operations (${called.join(', ')}) and never ${untouched.length}${elsewhere}`,
    );
  },
};

const scopes: ClientItem = {
  id: 'client/scopes',
  title: derivedTitle({ id: 'client/scopes', requirements: [SCOPES_HELD], area: CLIENT_GROUP }, requirementCatalogue('client')),
  requirements: [SCOPES_HELD],
  judgeAll({ calls, stateUnread }, check) {
    if (calls.length === 0) return check.skip(SCOPES_HELD, NO_CALL);
    if (stateUnread) return check.skip(SCOPES_HELD, `the scopes of the client's tokens were not read: ${stateUnread}`);
    observeScopes(calls, check);
  },
};

const LEFT_BEHIND = 'CL-LEFT-BEHIND';
const leftBehind: ClientItem = {
  id: 'client/left-behind',
  title: derivedTitle({ id: 'client/left-behind', requirements: [LEFT_BEHIND], area: CLIENT_GROUP }, requirementCatalogue('client')),
  requirements: [LEFT_BEHIND],
  judgeAll({ calls, leftBehind: left, stateUnread }, check) {
    if (calls.length === 0) return check.skip(LEFT_BEHIND, NO_CALL);
    if (stateUnread) return check.skip(LEFT_BEHIND, `what the client left live was not read: ${stateUnread}`);
    if (!left) return check.skip(LEFT_BEHIND, "the emulator's webhooks and rules were not read after the command exited");
    check.observe(
      LEFT_BEHIND,
      left,
      `when its command exited: ${left.enabledWebhooks} webhooks still Enabled, ${left.activeRules} rules still Active`,
    );
  },
};

/** What the client did after one perturbation of the plan (client/perturbationChecks.ts). */
const perturbationItems: ClientItem[] = PERTURBATION_NAMES.map((name) => {
  const requirements = PERTURBATION_REQUIREMENTS[name];
  const id = `${CLIENT_GROUP}/${name}`;
  return {
    id,
    title: derivedTitle({ id, requirements, area: CLIENT_GROUP }, requirementCatalogue('client')),
    requirements,
    judgeAll({ calls, plan = [], exit, unavailable, placedAt }, check) {
      if (calls.length === 0) return check.skipAll(requirements, NO_CALL);
      const where = { ...(unavailable ? { unavailable } : {}), ...(placedAt ? { placedAt } : {}) };
      judgePerturbation(name, { calls, plan, ...(exit ? { exit } : {}), ...where }, check);
    },
  };
});

/** Every item the client command judges, in the order its reports list them. */
export const CLIENT_ITEMS: readonly ClientItem[] = [
  ...CLIENT_CHECKS.map(perCall),
  ...contractItems,
  ...perturbationItems,
  coverage,
  scopes,
  leftBehind,
];

/** The scopes a bearer token holds, as the emulator that took it knows them; undefined for a token it does not know. */
export type ScopesOf = (token: string) => ReadonlySet<string> | undefined;

/**
 * Each request matched to its documented operation, its body read once. `baseUrl` is where the client sent them (for
 * each curl line); `scopesOf`, when given, tells each call the scopes its token held.
 */
export function readCalls(
  requests: readonly RecordedRequest[],
  baseUrl: string,
  redactor: SecretRedactor,
  scopesOf?: ScopesOf,
): ClientCalls {
  const calls: JudgedCall[] = [];
  const counts: Partial<Record<OperationName, number>> = {};
  const undocumented: string[] = [];
  for (const request of requests) {
    const pathname = request.target.split('?')[0] ?? '/';
    // A token minted from the emulator, as `client --wait` says to, is how the client is given its credentials, not one of its calls.
    if (request.method === CONTROL_ROUTES.mintToken.method && pathname === MINT_TOKEN_PATH) continue;
    const operation = operationOf(request.method, pathname);
    if (!operation) {
      undocumented.push(`${request.method} ${pathname}`);
      continue;
    }
    counts[operation] = (counts[operation] ?? 0) + 1;
    calls.push({
      request,
      operation,
      subject: `${request.method} ${pathname}`,
      json: readJson(request.body),
      exchange: excerptOf(request, baseUrl, redactor),
      ...(scopesOf ? { scopesHeld: scopesHeldBy(request, scopesOf) } : {}),
    });
  }
  const exercised = Object.fromEntries(
    (Object.keys(operationsInOrder) as OperationName[]).filter((name) => counts[name]).map((name) => [name, counts[name]]),
  ) as Partial<Record<OperationName, number>>;
  return { calls, exercised, undocumented, requests: requests.length };
}

function scopesHeldBy(request: RecordedRequest, scopesOf: ScopesOf): string[] | null {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  const held = token === undefined ? undefined : scopesOf(token);
  return held ? [...held].sort() : null;
}

/** One item judged: its own recorder, told to `onRecorded` as each record is made. */
export function judgeItem(
  item: ClientItem,
  calls: ClientCalls,
  redactor: SecretRedactor,
  onRecorded?: (record: CheckRecord) => void,
): CheckRecord[] {
  const check = new CheckRecorder(requirementCatalogue('client'), item.id, new Set(item.requirements), redactor);
  check.onRecorded = onRecorded;
  item.judgeAll(calls, check);
  return check.records();
}

/** The recorded requests judged against every CL requirement at once. */
export function judgeClientRequests(
  requests: readonly RecordedRequest[],
  baseUrl: string,
  redactor: SecretRedactor,
  left?: LeftBehind,
): ClientJudgement {
  const read = { ...readCalls(requests, baseUrl, redactor), ...(left ? { leftBehind: left } : {}) };
  const { calls: _calls, ...summary } = read;
  return {
    records: CLIENT_ITEMS.flatMap((item) => judgeItem(item, read, redactor)),
    checkIds: CLIENT_ITEMS.map((item) => item.id),
    ...summary,
  };
}

/** Every CL requirement an item declares: what the client command judges. */
export const CLIENT_REQUIREMENTS: readonly string[] = [...new Set(CLIENT_ITEMS.flatMap((item) => item.requirements))];
