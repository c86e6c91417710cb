import { OPERATIONS, type Operation, type OperationName } from '../contract/catalogue/operationCatalogue.ts';
import { PAGE_LIMIT } from '../contract/catalogue/operationInputs.ts';
import { type SchemaViolation, schemaRegistry } from '../contract/catalogue/schemaRegistry.ts';
import { requirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import { derivedTitle } from '../harness/engine/scenario.ts';
import type { CheckRecorder } from '../harness/records/checkRecorder.ts';
import type { ExchangeExcerpt } from '../harness/records/checkRecords.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MEDIA_TYPES } from '../contract/facts/documentLimits.ts';
import { JSON_API } from '../contract/facts/mediaTypes.ts';
import { RULE_TYPES } from '../contract/facts/positivePay.ts';
import { CONTENT_TYPES, DELIVERY_MODES, SUBSCRIPTION_TYPES } from '../contract/facts/webhookAttributes.ts';
import type { RecordedRequest } from './recordedRequest.ts';

// The client's checks, as data: each names the CL requirements it judges and the
// documented operations it reads, and judges one call of them at a time. Request
// shapes are the schemas the suite derives from the documents (schemas/requests,
// through the operation catalogue); what a schema finds is split by where it lies,
// so a date, an amount or a webhook's vocabulary is judged by its own requirement.

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
const operationsWhere = (holds: (operation: Operation) => boolean): OperationName[] =>
  ALL_OPERATIONS.filter((name) => holds(OPERATIONS[name] as Operation));

const jsonSchemasOf = (name: OperationName): readonly string[] => {
  const request = (OPERATIONS[name] as Operation).request;
  return request?.kind === 'json' ? request.schemas : [];
};
const JSON_BODY_OPERATIONS = operationsWhere((operation) => operation.request?.kind === 'json');
/** Those whose body is a JSON:API document: every JSON body but the empty objects (a resend, a document approval). */
const DOCUMENT_OPERATIONS = JSON_BODY_OPERATIONS.filter((name) =>
  jsonSchemasOf(name).some((key) => !schemaRegistry().validate(key, {}).valid),
);
const LIST_OPERATIONS = operationsWhere((operation) => (operation.query ?? []).some((parameter) => parameter.name === 'page[limit]'));

const shown = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));
const mediaTypeOf = (request: RecordedRequest): string | undefined =>
  request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() || undefined;
const parsed = (call: JudgedCall): unknown => (call.json && 'value' in call.json ? call.json.value : undefined);
const member = (value: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), value);
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

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

function judgeDocument(call: JudgedCall, check: CheckRecorder): void {
  const { subject, exchange } = call;
  const id = 'CL-BODY-JSONAPI-DOCUMENT';
  if (!call.json) return void check.fail(id, `${subject}: expected a JSON:API document; got no body`, { exchange });
  if ('error' in call.json)
    return void check.fail(id, `${subject}: expected a JSON:API document; got a body that is not JSON (${call.json.error})`, { exchange });
  const data = member(call.json.value, 'data');
  const problem = !isObject(call.json.value)
    ? `a JSON ${Array.isArray(call.json.value) ? 'array' : typeof call.json.value}`
    : !isObject(data)
      ? `data ${shown(data)}`
      : typeof data.type !== 'string'
        ? `data.type ${shown(data.type)}`
        : ['attributes', 'relationships']
            .filter((key) => key in data && !isObject(data[key]))
            .map((key) => `data.${key} ${shown(data[key])}`)[0];
  check.expect(
    id,
    problem === undefined,
    `${subject}: expected a JSON:API document (data.type, data.attributes, data.relationships); got ${problem ?? 'one'}`,
    {
      exchange,
    },
  );
}

const jsonBodies: UntitledCheck = {
  id: 'client/json-bodies',
  requirements: ['CL-BODY-MEDIA-TYPE', 'CL-BODY-JSONAPI-DOCUMENT'],
  operations: JSON_BODY_OPERATIONS,
  judge(call, check) {
    // A call that sent no body has no JSON payload to label; the body's own requirement says whether it needed one.
    if (call.request.body.length > 0) {
      const mediaType = mediaTypeOf(call.request);
      check.expect(
        'CL-BODY-MEDIA-TYPE',
        mediaType === JSON_API,
        `${call.subject}: expected Content-Type ${JSON_API}; got ${mediaType ?? 'none'}`,
        {
          exchange: call.exchange,
        },
      );
    }
    if (DOCUMENT_OPERATIONS.includes(call.operation)) judgeDocument(call, check);
  },
};

/** Where a schema violation belongs: a requirement of its own for some members, else the operation's fields requirement. */
type Router = (violation: SchemaViolation) => string | undefined;

const lastSegment = (pointer: string): string => pointer.split('/').at(-1) ?? '';
const VOCABULARY_MEMBERS: Record<string, readonly string[]> = {
  contentType: CONTENT_TYPES,
  deliveryMode: DELIVERY_MODES,
  subscriptionType: SUBSCRIPTION_TYPES,
};
/** A missing member is the fields requirement's; a wrong value of these members is their own requirement's. */
const byMember =
  (members: Record<string, string>): Router =>
  (violation) =>
    violation.keyword === 'required' ? undefined : members[lastSegment(violation.pointer)];
const ATTRIBUTES = '/data/attributes/';

/** The violations of the schema the body's data.type selects (a rule create has four), or why none is selected. */
function violationsOf(call: JudgedCall, schemas: readonly string[]): SchemaViolation[] {
  const results = schemas.map((key) => schemaRegistry().validate(key, parsed(call)));
  const selected = results.find((result) => !result.violations.some((violation) => violation.pointer === '/data/type'));
  if (selected) return selected.violations;
  if (schemas.length === 1) return results[0]?.violations ?? [];
  return [
    {
      pointer: '/data/type',
      keyword: 'enum',
      message: `/data/type: expected one of ${RULE_TYPES.join(', ')}; got ${shown(member(parsed(call), 'data', 'type'))}`,
    },
  ];
}

interface FieldsOptions {
  /** Members judged by a requirement of their own, from the schema's findings. */
  routes?: Record<string, string>;
  /** Members the schema requires whose absence is judged by a requirement of their own, at its level: sent or not, every call. */
  sentOrNot?: Record<string, string>;
  /** Members the schema's findings are set aside for, judged by `extra` instead. */
  setAside?: readonly string[];
  extra?: { requirement: string; judge(call: JudgedCall, check: CheckRecorder): void };
}

function fieldsCheck(
  id: string,
  operation: OperationName,
  fields: string,
  { routes = {}, sentOrNot = {}, setAside = [], extra }: FieldsOptions = {},
): UntitledCheck {
  const route = byMember(routes);
  const own = [...new Set(Object.values(routes))];
  const missingOwn = (violation: SchemaViolation) =>
    violation.keyword === 'required' && violation.pointer.startsWith(ATTRIBUTES) && lastSegment(violation.pointer) in sentOrNot;
  const judgedElsewhere = (violation: SchemaViolation) =>
    missingOwn(violation) ||
    (violation.keyword !== 'required' && violation.pointer.startsWith(ATTRIBUTES) && setAside.includes(lastSegment(violation.pointer)));
  return {
    id,
    requirements: [fields, ...own, ...new Set(Object.values(sentOrNot)), ...(extra ? [extra.requirement] : [])],
    operations: [operation],
    judge(call, check) {
      const { subject, exchange } = call;
      if (!call.json || 'error' in call.json) {
        const got = call.json ? 'a body that is not JSON' : 'no body';
        check.fail(fields, `${subject}: expected a JSON body with the operation's fields; got ${got}`, { exchange });
        return;
      }
      const violations = violationsOf(call, jsonSchemasOf(operation)).filter((violation) => !judgedElsewhere(violation));
      const routed = (requirement: string | undefined) => violations.filter((violation) => route(violation) === requirement);
      const text = (list: SchemaViolation[]) => list.map((violation) => violation.message).join('; ');
      const mine = routed(undefined);
      check.expect(
        fields,
        mine.length === 0,
        `${subject}: expected the documented fields and types; got ${mine.length === 0 ? 'them' : text(mine)}`,
        {
          exchange,
        },
      );
      for (const requirement of own) {
        const theirs = routed(requirement);
        const members = Object.keys(routes).filter((name) => routes[name] === requirement);
        const present = members.filter((name) => member(parsed(call), 'data', 'attributes', name) !== undefined);
        // A member the client did not send is judged by the fields requirement, if at all.
        if (present.length === 0 && theirs.length === 0) continue;
        check.expect(
          requirement,
          theirs.length === 0,
          `${subject}: ${members.join(', ')}: expected the documented form; got ${theirs.length === 0 ? 'it' : text(theirs)}`,
          {
            exchange,
          },
        );
      }
      const attributes = member(parsed(call), 'data', 'attributes');
      if (isObject(attributes))
        for (const [name, requirement] of Object.entries(sentOrNot))
          check.expect(requirement, name in attributes, `${subject}: expected ${name} sent; got ${name in attributes ? 'it' : 'none'}`, {
            exchange,
          });
      extra?.judge(call, check);
    },
  };
}

/** A webhook's vocabulary straight from contract/facts/webhookAttributes.ts, for a create and an update alike. */
function judgeVocabulary(call: JudgedCall, check: CheckRecorder): void {
  const attributes = member(parsed(call), 'data', 'attributes');
  if (!isObject(attributes)) return;
  for (const [name, values] of Object.entries(VOCABULARY_MEMBERS)) {
    if (!(name in attributes)) continue;
    const value = attributes[name];
    check.expect(
      'CL-WEBHOOK-VOCABULARY',
      values.includes(value as string),
      `${call.subject}: ${name}: expected one of ${values.join(', ')}; got ${shown(value)}`,
      {
        exchange: call.exchange,
      },
    );
  }
}
const vocabulary = { setAside: Object.keys(VOCABULARY_MEMBERS), extra: { requirement: 'CL-WEBHOOK-VOCABULARY', judge: judgeVocabulary } };

const pageLimit: UntitledCheck = {
  id: 'client/page-limit',
  requirements: ['CL-PAGE-LIMIT-BOUND'],
  operations: LIST_OPERATIONS,
  judge({ request, subject, exchange }, check) {
    const values = new URLSearchParams(request.target.split('?')[1] ?? '').getAll('page[limit]');
    for (const value of values) {
      const holds = /^\d+$/.test(value) && Number(value) <= PAGE_LIMIT.maximum;
      check.expect(
        'CL-PAGE-LIMIT-BOUND',
        holds,
        `${subject}: page[limit]: expected an integer of at most ${PAGE_LIMIT.maximum}; got ${JSON.stringify(value)}`,
        {
          exchange,
        },
      );
    }
  },
};

const resend: UntitledCheck = {
  id: 'client/resend',
  requirements: ['CL-RESEND-EMPTY-OBJECT'],
  operations: ['event.resend'],
  judge(call, check) {
    const value = parsed(call);
    const holds = isObject(value) && Object.keys(value).length === 0;
    const got = !call.json ? 'no body' : 'error' in call.json ? 'a body that is not JSON' : JSON.stringify(value).slice(0, 200);
    check.expect('CL-RESEND-EMPTY-OBJECT', holds, `${call.subject}: expected the body {}; got ${holds ? '{}' : got}`, {
      exchange: call.exchange,
    });
  },
};

const upload: UntitledCheck = {
  id: 'client/upload',
  requirements: ['CL-UPLOAD-MEDIA-TYPE', 'CL-UPLOAD-SIZE'],
  operations: ['positivePay.uploadDocument'],
  judge({ request, subject, exchange }, check) {
    const mediaType = mediaTypeOf(request);
    check.expect(
      'CL-UPLOAD-MEDIA-TYPE',
      (DOCUMENT_MEDIA_TYPES as readonly string[]).includes(mediaType ?? ''),
      `${subject}: expected Content-Type ${DOCUMENT_MEDIA_TYPES.join(', ')}; got ${mediaType ?? 'none'}`,
      {
        exchange,
      },
    );
    const size = request.bodySize ?? request.body.length;
    check.expect(
      'CL-UPLOAD-SIZE',
      size <= DOCUMENT_MAX_BYTES,
      `${subject}: expected a file of at most ${DOCUMENT_MAX_BYTES} bytes; got ${size} bytes`,
      { exchange },
    );
  },
};

type UntitledCheck = Omit<ClientCheck, 'title'>;
const titled = (check: UntitledCheck): ClientCheck => ({
  ...check,
  title: derivedTitle({ ...check, area: CLIENT_GROUP }, requirementCatalogue('client')),
});

/** Every check the client command judges, in the order its reports list them. */
export const CLIENT_CHECKS: readonly ClientCheck[] = (
  [
    bearer,
    jsonBodies,
    fieldsCheck('client/policy-create', 'positivePayPolicy.create', 'CL-POLICY-CREATE-FIELDS'),
    fieldsCheck('client/product-update', 'depositProduct.update', 'CL-PRODUCT-UPDATE-FIELDS'),
    fieldsCheck('client/rule-create', 'positivePay.create', 'CL-RULE-CREATE-FIELDS', {
      routes: { expirationDate: 'CL-DATE-FULL-DATE', amount: 'CL-AMOUNT-INTEGER-CENTS' },
    }),
    fieldsCheck('client/webhook-create', 'webhook.create', 'CL-WEBHOOK-CREATE-FIELDS', {
      ...vocabulary,
      // 2.6 lists them "as a plain attribute", never "required": SHOULDs of their own, not the fields' MUST.
      sentOrNot: {
        label: 'CL-WEBHOOK-PLAIN-ATTRIBUTES',
        url: 'CL-WEBHOOK-PLAIN-ATTRIBUTES',
        contentType: 'CL-WEBHOOK-PLAIN-ATTRIBUTES',
        deliveryMode: 'CL-WEBHOOK-DELIVERY-MODE',
      },
    }),
    fieldsCheck('client/webhook-update', 'webhook.update', 'CL-WEBHOOK-UPDATE-FIELDS', vocabulary),
    pageLimit,
    resend,
    upload,
  ] satisfies UntitledCheck[]
).map(titled);

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
