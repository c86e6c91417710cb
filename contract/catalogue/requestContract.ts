import { readFileSync } from 'node:fs';
import { DOCUMENT_MAX_BYTES } from '../facts/documentLimits.ts';
import { JSON_API } from '../facts/mediaTypes.ts';
import { OPERATIONS, type Operation, type OperationName } from './operationCatalogue.ts';
import type { QueryParameter } from './operationInputs.ts';
import { type Level, requirementCatalogue } from './requirementCatalogue.ts';
import { eventTypeCatalogue, schemaRegistry, type SchemaViolation } from './schemaRegistry.ts';

// One description of a request per documented operation, read by both sides: the
// client judge (client/) reports what a client sent against it, and the emulator
// refuses at its door what it makes a MUST. Each clause is one kind of deviation
// an operation's request can have, judged under one CL requirement, whose level
// and reason the requirement catalogue (requirements/client.yaml) holds, so a
// clause's level is written once. Bodies are described by the request schemas
// (schemas/requests); the query by operationInputs.ts; the rest by the words of
// the documents quoted beside each clause below.

export type DeviationKind =
  | 'path-id'
  | 'page-limit'
  | 'query-value'
  | 'query-undocumented'
  | 'query-event-type'
  | 'media-type'
  | 'upload-size'
  | 'body-unexpected'
  | 'body-document'
  | 'body-empty-object'
  | 'member-missing'
  | 'member-value'
  | 'plain-missing'
  | 'closed-attribute'
  | 'open-attribute'
  | 'response-only';

/** A request as both sides read it: raw path segments and query pairs as sent, the media type, the body's bytes. */
export interface ContractRequest {
  /** Each `{name}` of the path template, as sent (still percent-encoded). */
  pathParams: Readonly<Record<string, string>>;
  query: ReadonlyArray<readonly [string, string]>;
  /** Lower case, without parameters; absent when none was sent. */
  mediaType?: string;
  /** The body's size in bytes (a recorder may keep only its start); 0 for none. */
  bodySize: number;
  /** The body parsed as JSON; `error` when it is not JSON; absent when there is no body or it is a file. */
  json?: { value: unknown } | { error: string };
}

export interface RequestClause {
  /** `operation:kind[:subject]`, stable. */
  id: string;
  operation: OperationName;
  kind: DeviationKind;
  /** The parameter, member or path id it is about, where it is about one. */
  subject?: string;
  requirement: string;
  level: Level;
  section: string;
  /** Why the level is what it is (the requirement's levelReason); absent for a plain MUST. */
  levelReason?: string;
}

export interface Deviation {
  clause: RequestClause;
  /** A JSON pointer into the body, `query <name>`, `path <name>`, `Content-Type` or `body`. */
  where: string;
  expected: string;
  got: string;
}

const shown = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));
const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const ATTRIBUTES = '/data/attributes/';
const lastSegment = (pointer: string): string => pointer.split('/').at(-1) ?? '';

// ---- the documents' words, as data ----

/** The requirement each body of an operation is judged under when no member routes elsewhere. */
const FIELDS_REQUIREMENT: Partial<Record<OperationName, string>> = {
  'positivePayPolicy.create': 'CL-POLICY-CREATE-FIELDS',
  'depositProduct.update': 'CL-PRODUCT-UPDATE-FIELDS',
  'positivePay.create': 'CL-RULE-CREATE-FIELDS',
  'webhook.create': 'CL-WEBHOOK-CREATE-FIELDS',
  'webhook.update': 'CL-WEBHOOK-UPDATE-FIELDS',
  'sandbox.approveApplication': 'CL-SANDBOX-BODIES',
  'sandbox.denyApplication': 'CL-SANDBOX-BODIES',
  'sandbox.rejectDocument': 'CL-SANDBOX-BODIES',
};

/** Members whose value is judged by a requirement of their own (Conventions' `<date>` and cents; 2.6's vocabularies). */
const MEMBER_REQUIREMENT: Record<string, string> = {
  expirationDate: 'CL-DATE-FULL-DATE',
  amount: 'CL-AMOUNT-INTEGER-CENTS',
  contentType: 'CL-WEBHOOK-VOCABULARY',
  deliveryMode: 'CL-WEBHOOK-VOCABULARY',
  subscriptionType: 'CL-WEBHOOK-VOCABULARY',
};

/** 2.6: "listed as a plain attribute", never "required"; `token` is "empty string when unset", so never expected. */
const PLAIN_ATTRIBUTES: Partial<Record<OperationName, Record<string, string>>> = {
  'webhook.create': {
    label: 'CL-WEBHOOK-PLAIN-ATTRIBUTES',
    url: 'CL-WEBHOOK-PLAIN-ATTRIBUTES',
    contentType: 'CL-WEBHOOK-PLAIN-ATTRIBUTES',
    deliveryMode: 'CL-WEBHOOK-DELIVERY-MODE',
  },
};

/**
 * Closed attribute sets: 2.5 "drawdownPositivePay: no attributes other than the common optional ones"; 4.3's update
 * lists its attributes (no deliveryMode). Keyed by the schema that describes the closed body.
 */
const CLOSED_SCHEMAS: ReadonlySet<string> = new Set(['requests/rule-drawdown', 'requests/webhook-update']);

/** 2.4: "attribute, response only". */
const RESPONSE_ONLY: Partial<Record<OperationName, readonly string[]>> = { 'positivePay.create': ['createdAt', 'status'] };

/** 4.2's cancel "No body"; 4.5's downloads, body "none". Other operations without a body: the documents are silent. */
const STATED_NO_BODY: readonly OperationName[] = ['positivePay.cancel', 'sandbox.downloadDocument', 'sandbox.downloadDocumentBack'];

/** Bodies that are an empty JSON object: 4.4's resend, 4.5's document approval. */
const EMPTY_OBJECT_REQUIREMENT: Partial<Record<OperationName, string>> = {
  'event.resend': 'CL-RESEND-EMPTY-OBJECT',
  'sandbox.approveDocument': 'CL-SANDBOX-BODIES',
};

// ---- reading the schemas ----

interface SchemaNode {
  type?: string;
  required?: string[];
  properties?: Record<string, SchemaNode>;
  enum?: string[];
  maxProperties?: number;
}

const SCHEMAS_DIR = new URL('../../schemas/', import.meta.url);
const schemaFiles = new Map<string, SchemaNode & { $defs?: Record<string, SchemaNode> }>();
function schemaFile(file: string): SchemaNode & { $defs?: Record<string, SchemaNode> } {
  let schema = schemaFiles.get(file);
  if (!schema) {
    schema = JSON.parse(readFileSync(new URL(`${file}.schema.json`, SCHEMAS_DIR), 'utf8')) as SchemaNode;
    schemaFiles.set(file, schema);
  }
  return schema;
}

/** `<schema key>#/$defs/<name>`: the values a vocabulary lists. */
function valuesOf(parameter: QueryParameter): readonly string[] | undefined {
  if (parameter.values) return parameter.values;
  if (!parameter.valuesSchema) return undefined;
  const [key, pointer] = parameter.valuesSchema.split('#');
  const name = pointer?.split('/').at(-1) ?? '';
  return schemaFile(key ?? '').$defs?.[name]?.enum;
}

const dataOf = (key: string): SchemaNode | undefined => schemaFile(key).properties?.data;
const attributeNamesOf = (key: string): string[] => Object.keys(dataOf(key)?.properties?.attributes?.properties ?? {});
const acceptsEmptyObject = (key: string): boolean => schemaFile(key).maxProperties === 0;

const jsonSchemasOf = (operation: OperationName): readonly string[] => {
  const request = (OPERATIONS[operation] as Operation).request;
  return request?.kind === 'json' ? request.schemas : [];
};

/** The schema the body's data.type selects (a rule create has four); undefined where it selects none. */
function selectedSchema(operation: OperationName, body: unknown): string | undefined {
  const schemas = jsonSchemasOf(operation);
  if (schemas.length === 1) return schemas[0];
  const type = isObject(body) && isObject(body.data) ? body.data.type : undefined;
  return schemas.find((key) => dataOf(key)?.properties?.type && (dataOf(key)!.properties!.type as { const?: string }).const === type);
}

/** One validation per body however many clauses read it: keyed by the parsed body, which each request holds once. */
const violationsRead = new WeakMap<object, SchemaViolation[]>();
function schemaViolations(operation: OperationName, body: unknown): SchemaViolation[] {
  if (body === null || typeof body !== 'object') return readViolations(operation, body);
  const known = violationsRead.get(body);
  if (known) return known;
  const read = readViolations(operation, body);
  violationsRead.set(body, read);
  return read;
}

function readViolations(operation: OperationName, body: unknown): SchemaViolation[] {
  const key = selectedSchema(operation, body);
  if (key) return schemaRegistry().validate(key, body).violations;
  const types = jsonSchemasOf(operation).map((one) => (dataOf(one)?.properties?.type as { const?: string }).const);
  const got = isObject(body) && isObject(body.data) ? body.data.type : undefined;
  return [{ pointer: '/data/type', keyword: 'enum', message: `/data/type: expected one of ${types.join(', ')}; got ${shown(got)}` }];
}

// ---- the clauses ----

const ALL_OPERATIONS = Object.keys(OPERATIONS) as OperationName[];
const operationOf = (name: OperationName): Operation => OPERATIONS[name] as Operation;

function clause(operation: OperationName, kind: DeviationKind, requirement: string, subject?: string): RequestClause {
  const known = requirementCatalogue('client').get(requirement);
  return {
    id: [operation, kind, ...(subject === undefined ? [] : [subject])].join(':'),
    operation,
    kind,
    ...(subject === undefined ? {} : { subject }),
    requirement,
    level: known.level,
    section: known.source.section,
    ...(known.levelReason ? { levelReason: known.levelReason } : {}),
  };
}

const pathNames = (template: string): string[] => [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
const requiresMembers = (key: string): boolean =>
  (dataOf(key)?.required ?? []).some((name) => name !== 'type') || (dataOf(key)?.properties?.attributes?.required ?? []).length > 0;
const documentSchemas = (operation: OperationName): string[] => jsonSchemasOf(operation).filter((key) => !acceptsEmptyObject(key));
/** Members whose value a requirement of their own judges, among those an operation's schemas list. */
const routedMembers = (operation: OperationName): string[] =>
  [...new Set(documentSchemas(operation).flatMap(attributeNamesOf))].filter((name) => name in MEMBER_REQUIREMENT);

function clausesOf(operation: OperationName): RequestClause[] {
  const described = operationOf(operation);
  const out: RequestClause[] = pathNames(described.path).map((name) => clause(operation, 'path-id', 'CL-PATH-IDS', name));
  for (const parameter of described.query ?? []) {
    if (parameter.name === 'page[limit]') out.push(clause(operation, 'page-limit', 'CL-PAGE-LIMIT-BOUND', parameter.name));
    else if (parameter.name === 'filter[type][]' && operation === 'event.list')
      out.push(clause(operation, 'query-event-type', 'CL-UNDOCUMENTED-QUERY', parameter.name));
    else if (parameter.type !== 'string' || valuesOf(parameter))
      out.push(clause(operation, 'query-value', 'CL-QUERY-PARAMETERS', parameter.name));
  }
  out.push(clause(operation, 'query-undocumented', 'CL-UNDOCUMENTED-QUERY'));
  const request = described.request;
  if (!request) {
    const stated = STATED_NO_BODY.includes(operation);
    out.push(clause(operation, 'body-unexpected', stated ? 'CL-NO-BODY' : 'CL-UNDOCUMENTED-BODY'));
    return out;
  }
  if (request.kind === 'file') {
    out.push(clause(operation, 'media-type', 'CL-UPLOAD-MEDIA-TYPE'), clause(operation, 'upload-size', 'CL-UPLOAD-SIZE'));
    return out;
  }
  out.push(clause(operation, 'media-type', 'CL-BODY-MEDIA-TYPE'));
  const empty = EMPTY_OBJECT_REQUIREMENT[operation];
  if (empty) return [...out, clause(operation, 'body-empty-object', empty)];
  const fields = FIELDS_REQUIREMENT[operation]!;
  out.push(clause(operation, 'body-document', 'CL-BODY-JSONAPI-DOCUMENT'));
  // A missing data.type is the document's clause; only a schema requiring more has members to miss.
  if (documentSchemas(operation).some(requiresMembers)) out.push(clause(operation, 'member-missing', fields));
  out.push(clause(operation, 'member-value', fields));
  for (const name of routedMembers(operation)) out.push(clause(operation, 'member-value', MEMBER_REQUIREMENT[name]!, name));
  for (const [name, requirement] of Object.entries(PLAIN_ATTRIBUTES[operation] ?? {}))
    out.push(clause(operation, 'plain-missing', requirement, name));
  const schemas = documentSchemas(operation);
  if (schemas.some((key) => CLOSED_SCHEMAS.has(key))) out.push(clause(operation, 'closed-attribute', 'CL-CLOSED-ATTRIBUTES'));
  if (schemas.some((key) => !CLOSED_SCHEMAS.has(key))) out.push(clause(operation, 'open-attribute', 'CL-UNDOCUMENTED-ATTRIBUTES'));
  if (RESPONSE_ONLY[operation]) out.push(clause(operation, 'response-only', 'CL-RESPONSE-ONLY-ATTRIBUTES'));
  return out;
}

/** Every clause of every documented operation, in the catalogue's order. */
export const REQUEST_CLAUSES: readonly RequestClause[] = ALL_OPERATIONS.flatMap(clausesOf);

const CLAUSES_BY_OPERATION = new Map(ALL_OPERATIONS.map((name) => [name, REQUEST_CLAUSES.filter((one) => one.operation === name)]));
export const clausesFor = (operation: OperationName): RequestClause[] => [...CLAUSES_BY_OPERATION.get(operation)!];

/** Every requirement a clause is judged under. */
export const REQUEST_CLAUSE_REQUIREMENTS: readonly string[] = [...new Set(REQUEST_CLAUSES.map((one) => one.requirement))];

// ---- finding deviations ----

type Finding = Omit<Deviation, 'clause'>;

const INTEGER = /^-?\d+$/;
// RFC 3339 date-time: full date, 'T', time with optional fraction, and Z or an offset.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

function valueProblem(parameter: QueryParameter, value: string): string | undefined {
  const values = valuesOf(parameter);
  if (values) return values.includes(value) ? undefined : `one of ${values.map((one) => (one === '' ? '(empty)' : one)).join(', ')}`;
  if (parameter.type === 'date-time')
    return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : 'an RFC 3339 date-time';
  if (parameter.type === 'integer') {
    const bounds = [
      parameter.minimum === undefined ? '' : ` of at least ${parameter.minimum}`,
      parameter.maximum === undefined ? '' : ` of at most ${parameter.maximum}`,
    ].join('');
    const holds =
      INTEGER.test(value) &&
      (parameter.minimum === undefined || Number(value) >= parameter.minimum) &&
      (parameter.maximum === undefined || Number(value) <= parameter.maximum);
    return holds ? undefined : `an integer${bounds}`;
  }
  return undefined;
}

const parameterOf = (operation: OperationName, name: string): QueryParameter | undefined =>
  operationOf(operation).query?.find((parameter) => parameter.name === name);

function findQuery(one: RequestClause, request: ContractRequest): Finding[] {
  const documented = new Set((operationOf(one.operation).query ?? []).map((parameter) => parameter.name));
  if (one.kind === 'query-undocumented')
    return request.query
      .filter(([name]) => !documented.has(name))
      .map(([name, value]) => ({
        where: `query ${name}`,
        expected: documented.size > 0 ? `only ${[...documented].join(', ')}` : 'no query parameter',
        got: `${name}=${value}`,
      }));
  const parameter = parameterOf(one.operation, one.subject ?? '')!;
  const given = request.query.filter(([name, value]) => name === parameter.name && value !== '').map(([, value]) => value);
  if (one.kind === 'query-event-type') {
    const known = new Set(eventTypeCatalogue().flatMap((entry) => [entry.type, ...(entry.alsoSpelled ?? [])]));
    return given
      .filter((value) => !known.has(value))
      .map((value) => ({ where: `query ${parameter.name}`, expected: 'an event type the Event Catalog lists', got: value }));
  }
  // `page[limit]` is a count of resources: digits only, as a negative count is none (8: "Maximum page size 1000").
  const problem = (value: string): string | undefined =>
    one.kind === 'page-limit' && !/^\d+$/.test(value) ? `an integer of at most ${parameter.maximum}` : valueProblem(parameter, value);
  return given.flatMap((value) => {
    const expected = problem(value);
    return expected ? [{ where: `query ${parameter.name}`, expected, got: JSON.stringify(value) }] : [];
  });
}

function findPathId(one: RequestClause, request: ContractRequest): Finding[] {
  const raw = request.pathParams[one.subject ?? ''] ?? '';
  let decoded: string | undefined;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = undefined;
  }
  return decoded !== undefined && decoded.trim() !== ''
    ? []
    : [{ where: `path ${one.subject}`, expected: 'a non-empty id', got: JSON.stringify(raw) }];
}

const parsedBody = (request: ContractRequest): unknown => (request.json && 'value' in request.json ? request.json.value : undefined);
const attributesOf = (request: ContractRequest): Record<string, unknown> => {
  const body = parsedBody(request);
  const attributes = isObject(body) && isObject(body.data) ? body.data.attributes : undefined;
  return isObject(attributes) ? attributes : {};
};

function documentProblem(request: ContractRequest): string | undefined {
  if (request.bodySize === 0 || !request.json) return 'no body';
  if ('error' in request.json) return `a body that is not JSON (${request.json.error})`;
  const value = request.json.value;
  if (!isObject(value)) return `a JSON ${Array.isArray(value) ? 'array' : typeof value}`;
  const data = value.data;
  if (!isObject(data)) return `data ${shown(data)}`;
  if (typeof data.type !== 'string') return `data.type ${shown(data.type)}`;
  return ['attributes', 'relationships']
    .filter((key) => key in data && !isObject(data[key]))
    .map((key) => `data.${key} ${shown(data[key])}`)[0];
}

/** Which clause of an operation a schema violation belongs to (2.6's plain attributes the schema does not require). */
function ownerOf(violation: SchemaViolation): { kind: DeviationKind; subject?: string } {
  const name = violation.pointer.startsWith(ATTRIBUTES) ? lastSegment(violation.pointer) : undefined;
  if (violation.keyword === 'required') return { kind: 'member-missing' };
  const member = name ?? '';
  return member in MEMBER_REQUIREMENT && violation.pointer === `${ATTRIBUTES}${member}`
    ? { kind: 'member-value', subject: member }
    : { kind: 'member-value' };
}

function findMembers(one: RequestClause, request: ContractRequest): Finding[] {
  // A body that is no JSON at all lacks the operation's members too; one that is JSON is read for them as it is.
  if (!request.json || 'error' in request.json)
    return one.kind === 'member-missing'
      ? [{ where: 'body', expected: "a JSON body with the operation's members", got: request.json ? 'a body that is not JSON' : 'no body' }]
      : [];
  const body = parsedBody(request);
  const key = selectedSchema(one.operation, body);
  const attributes = attributesOf(request);
  const responseOnly = RESPONSE_ONLY[one.operation] ?? [];
  switch (one.kind) {
    case 'plain-missing':
      // Where there are no attributes at all, the missing `attributes` is the operation's member-missing.
      return isObject(body) && isObject(body.data) && isObject(body.data.attributes) && !(one.subject! in attributes)
        ? [{ where: `${ATTRIBUTES}${one.subject}`, expected: 'the member sent', got: 'none' }]
        : [];
    case 'member-missing':
    case 'member-value':
      return schemaViolations(one.operation, body)
        .filter((violation) => {
          const owner = ownerOf(violation);
          return owner.kind === one.kind && owner.subject === one.subject;
        })
        .map((violation) => ({
          where: violation.pointer || '/',
          expected: violation.keyword === 'required' ? 'the member sent' : 'the documented form',
          got: violation.message,
        }));
    case 'closed-attribute':
    case 'open-attribute': {
      if (!key || CLOSED_SCHEMAS.has(key) !== (one.kind === 'closed-attribute')) return [];
      const listed = attributeNamesOf(key);
      return Object.keys(attributes)
        .filter((name) => !listed.includes(name) && (one.kind === 'closed-attribute' || !responseOnly.includes(name)))
        .map((name) => ({
          where: `${ATTRIBUTES}${name}`,
          expected: `only ${listed.join(', ')}`,
          got: `${name} ${shown(attributes[name])}`,
        }));
    }
    case 'response-only':
      return responseOnly
        .filter((name) => name in attributes)
        .map((name) => ({ where: `${ATTRIBUTES}${name}`, expected: 'not sent: response only', got: shown(attributes[name]) }));
    default:
      return [];
  }
}

function findBody(one: RequestClause, request: ContractRequest): Finding[] {
  const sent = request.bodySize > 0;
  switch (one.kind) {
    case 'body-unexpected':
      return sent ? [{ where: 'body', expected: 'no body', got: `${request.bodySize} bytes` }] : [];
    case 'media-type': {
      const request_ = operationOf(one.operation).request!;
      const allowed = request_.kind === 'file' ? request_.mediaTypes : [JSON_API];
      // A JSON call that sent no body has no payload to label; a file upload is nothing but its labelled payload.
      if (request_.kind === 'json' && !sent) return [];
      return allowed.includes(request.mediaType ?? '')
        ? []
        : [{ where: 'Content-Type', expected: allowed.join(', '), got: request.mediaType ?? 'none' }];
    }
    case 'upload-size':
      return request.bodySize <= DOCUMENT_MAX_BYTES
        ? []
        : [{ where: 'body', expected: `at most ${DOCUMENT_MAX_BYTES} bytes`, got: `${request.bodySize} bytes` }];
    case 'body-empty-object': {
      const value = parsedBody(request);
      if (isObject(value) && Object.keys(value).length === 0) return [];
      const got = !sent ? 'no body' : request.json && 'error' in request.json ? 'a body that is not JSON' : shown(value).slice(0, 200);
      return [{ where: 'body', expected: '{}', got }];
    }
    case 'body-document': {
      const problem = documentProblem(request);
      return problem === undefined
        ? []
        : [{ where: 'body', expected: 'a JSON:API document (data.type, data.attributes, data.relationships)', got: problem }];
    }
    default:
      return findMembers(one, request);
  }
}

function find(one: RequestClause, request: ContractRequest): Finding[] {
  switch (one.kind) {
    case 'path-id':
      return findPathId(one, request);
    case 'page-limit':
    case 'query-value':
    case 'query-undocumented':
    case 'query-event-type':
      return findQuery(one, request);
    default:
      return findBody(one, request);
  }
}

/**
 * Whether the request carries what the clause judges: a query parameter or a routed member it sent, a JSON body it
 * labelled. A clause about something absent (no `page[limit]`, no `expirationDate`) has nothing to judge.
 */
export function clauseApplies(one: RequestClause, request: ContractRequest): boolean {
  switch (one.kind) {
    case 'page-limit':
    case 'query-value':
    case 'query-event-type':
      return request.query.some(([name, value]) => name === one.subject && value !== '');
    case 'member-value':
      return one.subject === undefined || one.subject in attributesOf(request);
    case 'media-type':
      return operationOf(one.operation).request?.kind === 'file' || request.bodySize > 0;
    default:
      return true;
  }
}

/** Every deviation of a request from its operation's clauses; none for a request the documents describe. Never throws. */
export function requestDeviations(
  operation: OperationName,
  request: ContractRequest,
  /** Only these clauses, where a reader needs no others (the emulator's door, one requirement's check). */
  only: (clause: RequestClause) => boolean = () => true,
): Deviation[] {
  return CLAUSES_BY_OPERATION.get(operation)!
    .filter(only)
    .flatMap((one) => find(one, request).map((finding) => ({ clause: one, ...finding })));
}

/** Reads a JSON body once, as both sides do. */
export function readJsonBody(body: Uint8Array): ContractRequest['json'] {
  if (body.length === 0) return undefined;
  try {
    return { value: JSON.parse(Buffer.from(body).toString('utf8')) as unknown };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** The path ids of `pathname` under the operation's template; empty where it does not match. */
export function pathParamsOf(operation: OperationName, pathname: string): Record<string, string> {
  const template = operationOf(operation).path;
  const names = pathNames(template);
  const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '([^/]+)')}/?$`);
  const match = pattern.exec(pathname);
  return Object.fromEntries(names.map((name, index) => [name, match?.[index + 1] ?? '']));
}

/** A request as the contract reads it, from what was sent. */
export function contractRequest(
  operation: OperationName,
  target: string,
  headers: Readonly<Record<string, string | undefined>>,
  body: Uint8Array,
  bodySize: number = body.length,
): ContractRequest {
  const [pathname = '/', search = ''] = target.split(/\?(.*)/s);
  const mediaType = headers['content-type']?.split(';')[0]?.trim().toLowerCase() || undefined;
  const request = operationOf(operation).request;
  return {
    pathParams: pathParamsOf(operation, pathname),
    query: [...new URLSearchParams(search)],
    ...(mediaType ? { mediaType } : {}),
    bodySize,
    ...(request?.kind === 'file' ? {} : { json: readJsonBody(body) }),
  };
}
