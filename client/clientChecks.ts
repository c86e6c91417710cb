import { OPERATIONS, type Operation, type OperationName } from '../contract/catalogue/operationCatalogue.ts';
import { requirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import { derivedTitle } from '../harness/engine/scenario.ts';
import type { CheckRecorder } from '../harness/records/checkRecorder.ts';
import type { ExchangeExcerpt } from '../harness/records/checkRecords.ts';
import type { RecordedRequest } from './recordedRequest.ts';

// The client's checks of a call beyond what its request contract describes, as data:
// each names the CL requirements it judges and the documented operations it reads,
// and judges one call of them at a time. The request itself (ids, query, media type,
// body) is judged from contract/catalogue/requestContract.ts (client/contractChecks.ts).

/** One call of a documented operation, with its body read once. */
export interface JudgedCall {
  request: RecordedRequest;
  operation: OperationName;
  /** `METHOD /path` as the client sent it, the subject of every message. */
  subject: string;
  /** The body parsed as JSON; `error` when it is not JSON, absent when there is no body. */
  json?: { value: unknown } | { error: string };
  exchange: ExchangeExcerpt;
  /** The scopes its bearer token held, read from the emulator (API 5.1); null for no token it knows; absent when not read. */
  scopesHeld?: readonly string[] | null;
}

/** The group every client check belongs to, as a scenario's area: the start of each check id. */
export const CLIENT_GROUP = 'client';

export interface ClientCheck {
  /** `client/<name>`: the id its records carry, as a scenario's or a receiver case's. */
  id: string;
  /** Derived from its first requirement's statement, as a scenario's title is. */
  title: string;
  requirements: readonly string[];
  /** The operations it judges: when the client called none, its requirements SKIP. */
  operations: readonly OperationName[];
  judge(call: JudgedCall, check: CheckRecorder): void;
}

const ALL_OPERATIONS = Object.keys(OPERATIONS) as OperationName[];

/** RFC 6750 2.1: `"Bearer" 1*SP b64token`, b64token being `1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="`; the scheme's case is free (RFC 9110 11.1). */
const BEARER_CREDENTIALS = /^Bearer +[A-Za-z0-9\-._~+/]+=*$/i;

const bearer: UntitledCheck = {
  id: 'client/bearer',
  requirements: ['CL-BEARER-EVERY-CALL'],
  operations: ALL_OPERATIONS,
  judge({ request, subject, exchange }, check) {
    const credentials = request.headers.authorization;
    const holds = BEARER_CREDENTIALS.test(credentials?.trim() ?? '');
    const got = credentials === undefined ? 'no Authorization header' : `Authorization ${credentials.split(' ')[0]} …`;
    check.expect(
      'CL-BEARER-EVERY-CALL',
      holds,
      `${subject}: expected Authorization: Bearer <token>; got ${holds ? 'a bearer token' : got}`,
      {
        exchange,
      },
    );
  },
};

type UntitledCheck = Omit<ClientCheck, 'title'>;
const titled = (check: UntitledCheck): ClientCheck => ({
  ...check,
  title: derivedTitle({ ...check, area: CLIENT_GROUP }, requirementCatalogue('client')),
});

/**
 * Every check of this module, in the order its reports list them. What a request sends (its ids, query, media type
 * and body) is judged by the request contract instead (client/contractChecks.ts), the description the emulator
 * refuses requests by.
 */
export const CLIENT_CHECKS: readonly ClientCheck[] = ([bearer] satisfies UntitledCheck[]).map(titled);

export const SCOPES_HELD = 'CL-SCOPES-HELD';

/** What the scopes of a client's calls came to (CL-SCOPES-HELD): counts and scope names, never a token. */
export interface ScopesHeld {
  /** The scopes its calls' operations need, where the documents show one (API 5.1). */
  needed: string[];
  /** Every scope a token of its calls held. */
  held: string[];
  /** Calls whose token held a scope beyond the one the operation needs. */
  callsHoldingMore: number;
  /** Calls whose token lacked the scope the operation needs. */
  callsLacking: number;
  /** Calls with no bearer token the emulator knows. */
  callsWithoutKnownToken: number;
  /** Calls of an operation whose scope the documents do not show: neither more nor lacking. */
  callsOfUnshownScope: number;
}

/** Observes the scopes the client's tokens held against those its calls needed; never judged, the documents being silent on it. */
export function observeScopes(calls: readonly JudgedCall[], check: CheckRecorder): void {
  if (calls.some((call) => call.scopesHeld === undefined))
    return check.skip(SCOPES_HELD, "the scopes of the client's tokens were not read from the emulator");
  const needed = new Set<string>();
  const held = new Set<string>();
  const value: ScopesHeld = {
    needed: [],
    held: [],
    callsHoldingMore: 0,
    callsLacking: 0,
    callsWithoutKnownToken: 0,
    callsOfUnshownScope: 0,
  };
  for (const call of calls) {
    const scope = (OPERATIONS[call.operation] as Operation).scope;
    if (scope) needed.add(scope);
    if (!call.scopesHeld) {
      value.callsWithoutKnownToken += 1;
      continue;
    }
    for (const one of call.scopesHeld) held.add(one);
    if (!scope) value.callsOfUnshownScope += 1;
    else if (!call.scopesHeld.includes(scope)) value.callsLacking += 1;
    else if (call.scopesHeld.length > 1) value.callsHoldingMore += 1;
  }
  value.needed = [...needed].sort();
  value.held = [...held].sort();
  const beyond = value.held.filter((scope) => !needed.has(scope));
  check.observe(
    SCOPES_HELD,
    value,
    `the client's ${calls.length} calls needed ${value.needed.join(', ') || 'no documented scope'}; its tokens held ${value.held.join(', ') || 'none'}` +
      `${beyond.length > 0 ? ` (${beyond.join(', ')} beyond what any call needed)` : ''}: ${value.callsHoldingMore} calls held more than their scope, ` +
      `${value.callsLacking} lacked it, ${value.callsWithoutKnownToken} had no token the emulator knows`,
  );
}
